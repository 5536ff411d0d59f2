// /admin/merchant/… (docs/product-rules.md#api-calls). Reads: role 1, or role 4 with view_merchant.
// Changes: role 1 only. Paths and trailing slashes are the spec's.
import { envelope, idParam, listQuery, page } from '@kassa/contract/common';
import {
  allowConnectionsBody,
  hubStatusBody,
  merchantAdminProfile,
  merchantDetail,
  merchantListItem,
  merchantListQuery,
  merchantPatchBody,
  merchantRegisterBody,
  registerResult,
  superMerchant,
  superMerchantQuery,
} from '@kassa/contract/merchants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { adminView, platformAdmin } from '../../lib/route-access.ts';
import { getMerchantDetail } from './merchant-detail.service.ts';
import { listMerchants, listSubMerchants, listSuperMerchants } from './merchant-list.service.ts';
import { registerMerchant } from './merchant-register.service.ts';
import { changeHubStatus, patchMerchant, removeMerchant, setAllowConnections } from './merchant-update.service.ts';

const tags = ['admin merchants'];
const security = [{ bearer: [] }];
const profileEnvelope = envelope(merchantAdminProfile);
/** A change to one merchant answers its profile as it now is and what was done. */
const profileAnswer = <Profile>({ merchant, message }: { merchant: Profile; message: string }) => ({
  status: 'success' as const,
  result: merchant,
  message,
});

export default async function merchantRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const readers = { access: adminView('view_merchant') };
  const merchants = resourceRoutes(base, '/admin/merchant/', tags);

  merchants.list(readers, { query: merchantListQuery, item: merchantListItem }, (actor, query) =>
    listMerchants(ctx, actor, query),
  );

  app.post(
    '/admin/merchant/register/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, body: merchantRegisterBody, response: { 201: envelope(registerResult) } },
    },
    async (req, reply) => {
      const { result, message } = await registerMerchant(ctx, req.actor, req.body, req.log);
      return reply.status(201).send({ status: 'success' as const, result, message });
    },
  );

  resourceRoutes(base, '/admin/merchant/super-merchant/', tags).list(
    readers,
    { query: superMerchantQuery, item: superMerchant },
    (actor, query) => listSuperMerchants(ctx, actor, query),
  );

  app.patch(
    '/admin/merchant/remove-merchant/:id/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, response: { 200: profileEnvelope } },
    },
    async (req) => profileAnswer(await removeMerchant(ctx, req.actor, req.params.id)),
  );

  merchants.read(readers, { item: merchantDetail }, (actor, id) => getMerchantDetail(ctx, actor, id));

  app.patch(
    '/admin/merchant/:id/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, body: merchantPatchBody, response: { 200: profileEnvelope } },
    },
    async (req) => profileAnswer(await patchMerchant(ctx, req.actor, req.params.id, req.body)),
  );

  app.patch(
    '/admin/merchant/:id/hub-status/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, body: hubStatusBody, response: { 200: profileEnvelope } },
    },
    async (req) => profileAnswer(await changeHubStatus(ctx, req.actor, req.params.id, req.body)),
  );

  app.post(
    '/admin/merchant/:id/allow-connections/',
    {
      config: { access: platformAdmin },
      schema: { tags, security, params: idParam, body: allowConnectionsBody, response: { 200: profileEnvelope } },
    },
    async (req) => profileAnswer(await setAllowConnections(ctx, req.actor, req.params.id, req.body?.allow ?? true)),
  );

  app.get(
    '/admin/merchant/:id/sub-merchants/',
    {
      config: readers,
      schema: {
        tags,
        security,
        params: idParam,
        querystring: listQuery.omit({ sort_by: true }),
        response: { 200: envelope(page(merchantListItem)) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      result: await listSubMerchants(ctx, req.actor, req.params.id, req.query),
    }),
  );
}
