// Every route the app registers, as data for the matrix tests (docs/ARCHITECTURE.md, docs/ARCHITECTURE.md#api-conventions). The
// OpenAPI document that @fastify/swagger builds from the zod schemas says what each route declares
// (path params, query, body, response, bearer security); printRoutes() lists what is really mounted,
// so a route hidden from the document still shows up as `undocumented` instead of escaping the matrix.
// New modules are covered the moment they are registered: nothing here names a route.
import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The part of JSON Schema that zod's OpenAPI transform emits. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  description?: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, OpenApiOperation>>>;
}

export interface RouteInfo {
  method: Method;
  /** OpenAPI form, `/apiv1/product/{id}/`. */
  url: string;
  /** `GET /apiv1/product/{id}/` — the name allow-lists and findings use. */
  key: string;
  pathParams: string[];
  /** Request headers the route declares (a checkout token, say). */
  headerParams: string[];
  /** The query parameters as one object schema, or null when the route takes none. */
  query: JsonSchema | null;
  body: JsonSchema | null;
  /** Lowest declared 2xx/3xx status. */
  successStatus: number | null;
  /** The JSON schema of that success response, or null when the route declares none. */
  responseSchema: JsonSchema | null;
  /** Declares `security: bearer` in the document. */
  isBearer: boolean;
  /** The API key scope the route accepts keys with (`security: apiKey: [scope]`), or null: no keys. */
  apiKeyScope: string | null;
}

export interface RouteTable {
  routes: RouteInfo[];
  /** `METHOD /path` mounted by Fastify but absent from the OpenAPI document. */
  undocumented: string[];
}

const isDeclaredSchema = (s: JsonSchema | undefined): s is JsonSchema =>
  Boolean(s && (s.type || s.properties || s.anyOf || s.oneOf || s.allOf || s.$ref || s.enum || s.const));

export function listRoutes(app: FastifyInstance): RouteTable {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const routes: RouteInfo[] = [];
  for (const [url, ops] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = ops[method.toLowerCase() as Lowercase<Method>];
      if (!op) continue;
      const params = op.parameters ?? [];
      const queryParams = params.filter((p) => p.in === 'query');
      const query: JsonSchema | null =
        queryParams.length === 0
          ? null
          : {
              type: 'object',
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema ?? {}])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            };
      const successStatus =
        Object.keys(op.responses ?? {})
          .map(Number)
          .filter((s) => s >= 200 && s < 400)
          .sort((a, b) => a - b)[0] ?? null;
      const success = successStatus === null ? undefined : op.responses?.[String(successStatus)];
      const responseSchema = Object.values(success?.content ?? {}).find((c) => isDeclaredSchema(c.schema))?.schema;
      routes.push({
        method,
        url,
        key: `${method} ${url}`,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
        query,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        successStatus,
        responseSchema: responseSchema ?? null,
        isBearer: (op.security ?? []).some((s) => 'bearer' in s),
        apiKeyScope: (op.security ?? []).find((s) => 'apiKey' in s)?.apiKey?.[0] ?? null,
      });
    }
  }
  const documented = new Set(routes.map((r) => `${r.method} ${r.url.replace(/\{(\w+)\}/g, ':$1')}`));
  const undocumented = mountedRoutes(app).filter((r) => !documented.has(r));
  return { routes, undocumented };
}

/**
 * Parses `printRoutes({ commonPrefix: false })`: one tree line per node, four characters of
 * indentation per level, `├── segment (GET, HEAD)`. A child's path is its parent's plus its segment.
 * HEAD is Fastify's automatic twin of GET and is left out.
 */
export function mountedRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (.+?) \(([^)]*)\)$/u);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (depth === 0 ? '' : (stack[depth - 1] ?? '')) + (m[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') out.push(`${method} ${path}`);
    }
  }
  return out;
}

/** The URL to inject: every `{param}` replaced by its (already encoded) value. */
export function fillPath(route: RouteInfo, values: Record<string, string>): string {
  return route.url.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? NIL_LIKE_UUID);
}

/** A well-formed id that no row has. */
export const NIL_LIKE_UUID = '00000000-0000-4000-8000-000000000000';

export const isAdminArea = (route: RouteInfo) => /^\/apiv1\/(admin|superadmin)\//.test(route.url);
