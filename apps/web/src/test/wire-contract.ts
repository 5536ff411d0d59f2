// Every reply a web test fakes is checked against what the API declares for that route: the
// response schemas of the OpenAPI document the API serves (packages/sdk/src/openapi.json, derived
// from the contract's zod schemas and kept current by `npm run sdk:generate`, whose drift test
// fails otherwise). A mock that the real server could not send fails its test, so the web cannot
// drift from the wire.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import document from '../../../../packages/sdk/src/openapi.json' with { type: 'json' };

type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

// A literal segment wins over a parameter (/admin/merchant/financial-connection/ is not a merchant id),
// as in the server's router: routes with fewer parameters are tried first.
const routes = Object.entries(document.paths as Record<string, Record<string, Operation>>)
  .map(([path, item]) => ({
    pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: path.split('{').length - 1,
    item,
  }))
  .sort((a, b) => a.params - b.params);

/** Routes that stream a file instead of a JSON envelope. */
const DOWNLOADS = [
  /^POST \/apiv1\/transaction\/export\/$/,
  /^GET \/apiv1\/customer\/export\/$/,
  // The invoice's and a receipt's PDF.
  /^GET \/apiv1\/(invoice|transaction)\/[^/]+\/(receipt\/)?pdf\/$/,
];

const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();

/** Why `body` is not what the API may answer to `method url` with `status`; null when it is. */
export function wireMismatch(method: string, url: string, status: number, body: unknown): string | null {
  const path = `/apiv1${url.split('?')[0]}`;
  const route = routes.find((r) => r.pattern.test(path));
  const operation = route?.item[method.toLowerCase()];
  if (!operation) return `${method.toUpperCase()} ${path} is not a route of the API`;
  // ok() fakes every success as 200; a route that creates answers 201 with the same body.
  const responses = operation.responses ?? {};
  const declared = responses[String(status)] ?? (status === 200 ? responses['201'] : undefined);
  if (!declared)
    return DOWNLOADS.some((download) => download.test(`${method.toUpperCase()} ${path}`))
      ? null
      : `${method.toUpperCase()} ${path} never answers ${status}`;
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) return null; // not JSON (a CSV download): nothing to compare
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map(
      (e) =>
        `${e.instancePath || '(reply)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`,
    );
  return `${method.toUpperCase()} ${path} ${status}: ${errors.join('; ')}`;
}
