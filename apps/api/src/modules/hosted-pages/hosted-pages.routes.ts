// Pages and files served to buyers' browsers under /pay (outside /apiv1, docs/ARCHITECTURE.md "Payments"):
// the hosted card fields framed by the widget, the approval popup, and the built scripts, among
// them the widget merchants embed. The pages are HTML shells whose scripts call the charge API.
import { errorEnvelopeSchema } from '@kassa/contract/common';
import { LOCALES } from '@kassa/contract/i18n/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { completeProcessorReturn } from '../charges/payment-return.service.ts';
import { approvalPageHtml, fieldsPageHtml, returnPageHtml } from './page-html.ts';
import { approvalPageHelmet, fieldsPageHelmet, widgetScriptHelmet } from './page-security.ts';
import { type AssetName, createAssetStore, WIDGET_DIST_DIR } from './widget-assets.ts';

export const NOT_BUILT_MESSAGE = 'The payment page is not built yet. Run npm run build.';
/** Unversioned links (merchants' <script src=".../pay/widget.js">) pick up a new build within 5 minutes. */
export const SHORT_CACHE = 'public, max-age=300';
export const LONG_CACHE = 'public, max-age=31536000, immutable';

const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
};

const fieldsQuery = z.object({
  channel: z.string().regex(/^[0-9a-f]{32}$/, 'Not a valid channel'),
  parent: z.string().max(300).refine(isOrigin, 'Must be the origin of the page with the widget'),
  method: z.enum(['card', 'non-card']),
  // The embedding page's language (the widget's locale option); without it, the browser's Accept-Language.
  lang: z.enum(LOCALES, 'Not a language of Kassa').optional(),
});
// Same shape as the approval API's reference (charge.routes.ts).
const approvalParams = z.object({ reference: z.string().regex(/^[\w-]{8,80}$/, 'Not a valid reference') });
const returnParams = z.object({ reference: z.uuid('Not a valid payment reference') });
// The processor's own parameters (Stripe's payment_intent, Adyen's redirectResult), passed on as they are.
// Whatever the processor appends (Stripe: payment_intent…, Adyen: redirectResult); an object with a
// catch-all rather than a record, so the OpenAPI document describes it as free-form query parameters.
const returnQuery = z
  .object({})
  .catchall(z.string().max(8000))
  .refine((q) => Object.keys(q).every((k) => k.length <= 100), 'A query parameter name is too long');
const versionQuery = z.object({ v: z.string().max(64).optional() });
const html = z.string().describe('HTML page');

const CONTENT_TYPES: Record<AssetName, string> = {
  'widget.js': 'text/javascript; charset=utf-8',
  'fields.js': 'text/javascript; charset=utf-8',
  'approval.js': 'text/javascript; charset=utf-8',
  'fields.css': 'text/css; charset=utf-8',
  'approval.css': 'text/css; charset=utf-8',
};

export interface HostedPagesOptions {
  ctx: AppContext;
  /** Where the built widget files are; tests point it at a folder of their own. */
  distDir?: string;
}

export default async function hostedPagesRoutes(base: FastifyInstance, opts: HostedPagesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const assets = createAssetStore(opts.distDir ?? WIDGET_DIST_DIR);
  const tags = ['hosted pages'];

  const sendPage = (reply: FastifyReply, body: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  app.get(
    '/pay/fields',
    {
      config: { securityHeaders: fieldsPageHelmet },
      schema: { tags, querystring: fieldsQuery, response: { 200: html, 400: errorEnvelopeSchema } },
    },
    (req, reply) => {
      sendPage(reply, fieldsPageHtml(assets, req.query.lang ?? req.headers['accept-language']));
    },
  );

  app.get(
    '/pay/approve/:reference',
    {
      config: { securityHeaders: approvalPageHelmet },
      schema: { tags, params: approvalParams, response: { 200: html, 400: errorEnvelopeSchema } },
    },
    (req, reply) => {
      sendPage(reply, approvalPageHtml(assets, req.params.reference, req.headers['accept-language']));
    },
  );

  // Where a processor's 3-D Secure page sends the buyer back (the connector's return_url): the
  // payment is settled from what the processor says, and the popup shows the outcome and closes.
  app.get(
    '/pay/return/:reference',
    {
      config: { securityHeaders: approvalPageHelmet, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: returnParams,
        querystring: returnQuery,
        response: { 200: html, 400: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const outcome = await completeProcessorReturn(opts.ctx, req.params.reference, req.query);
      sendPage(reply, returnPageHtml(assets, outcome, req.headers['accept-language']));
      return reply;
    },
  );

  for (const name of Object.keys(CONTENT_TYPES) as AssetName[]) {
    const isWidget = name === 'widget.js';
    app.get(
      `/pay/${name}`,
      {
        ...(isWidget ? { config: { securityHeaders: widgetScriptHelmet } } : {}),
        schema: {
          tags,
          querystring: versionQuery,
          response: { 200: z.string().describe(name), 304: z.null(), 503: errorEnvelopeSchema },
        },
      },
      (req, reply) => {
        sendAsset(req, reply, name, isWidget);
      },
    );
  }

  function sendAsset(
    req: FastifyRequest<{ Querystring: z.infer<typeof versionQuery> }>,
    reply: FastifyReply,
    name: AssetName,
    isWidget: boolean,
  ) {
    // The widget runs on merchants' pages: any origin may load it (and read it, for SRI checks).
    if (isWidget) reply.header('access-control-allow-origin', '*');
    const asset = assets.get(name);
    if (!asset) {
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'error', code: 'not_built', message: NOT_BUILT_MESSAGE });
      return;
    }
    const etag = `"${asset.hash}"`;
    reply.header('cache-control', req.query.v === asset.hash ? LONG_CACHE : SHORT_CACHE).header('etag', etag);
    if (req.headers['if-none-match'] === etag) reply.code(304).send();
    else reply.type(CONTENT_TYPES[name]).send(asset.body);
  }
}
