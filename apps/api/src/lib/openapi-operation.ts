// Completes every operation of the served OpenAPI document from what the route already declares, so
// no route repeats it by hand: an operationId and a summary when the route gives none, the error
// envelope for the 4xx answers it can give (input, sign-in, access, missing object, rate limit),
// and its security — a session (plus the API-key scope the auth plugin adds) when the route declares
// `config.access`, none for public routes. Documentation only: request handling never sees this.
import { errorEnvelopeSchema } from '@kassa/contract/common';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type TransformOutput = ReturnType<typeof jsonSchemaTransform>;
type Responses = Record<string, unknown>;

const ERROR_CONTENT = { 'application/json': { schema: z.toJSONSchema(errorEnvelopeSchema, { io: 'output' }) } };
const ERRORS: Record<string, string> = {
  '400': 'The input is not valid; `errors` names each field and what is wrong with it.',
  '401': 'No valid session or API key.',
  '403': 'Signed in, but this role, app access or API-key scope may not do this.',
  '404': 'No such object for this merchant.',
  '429': 'Too many requests; retry after the `retry-after` seconds.',
};

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "GET /apiv1/product/{id}/" → "getProductById". */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter((s) => s !== '' && s !== 'apiv1')
    .map((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      if (param) return `By${pascal(param[1] ?? '')}`;
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
    });
  return method.toLowerCase() + parts.join('');
}

/** The error answers an operation documents, by whether it needs a caller and names an object. */
export function errorResponses(url: string, signedIn: boolean): Responses {
  const codes = ['400', ...(signedIn ? ['401', '403'] : []), ...(url.includes('{') ? ['404'] : []), '429'];
  return Object.fromEntries(codes.map((code) => [code, { description: ERRORS[code], content: ERROR_CONTENT }]));
}

export function describeOperation(input: TransformInput): TransformOutput {
  const out = jsonSchemaTransform(input);
  // Every API route declares its schemas (docs/ARCHITECTURE.md#api-conventions); a route with none at
  // all is not part of the API (the web app's files `npm start` serves) and stays out of the document.
  if (!out.schema) return { ...out, schema: { hide: true } } as TransformOutput;
  const schema = out.schema as Record<string, unknown>;
  if (schema.hide) return out;
  const method = [input.route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const signedIn = Boolean((input.route.config as { access?: unknown } | undefined)?.access);
  const url = out.url.replace(/:(\w+)/g, '{$1}');
  const responses = (schema.response ?? {}) as Responses;
  return {
    url: out.url,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, url),
      summary: schema.summary ?? `${method} ${url.replace(/^\/apiv1/, '')}`,
      security: schema.security ?? (signedIn ? [{ bearer: [] }] : []),
      response: { ...errorResponses(url, signedIn), ...responses },
    } as TransformOutput['schema'],
  };
}
