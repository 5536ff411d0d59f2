// Request validation the way Stripe's API does it (api reference "Errors", error codes list): every
// parameter must be known to the endpoint (`parameter_unknown`), integers must be integers
// (`parameter_invalid_integer`), booleans are "true"/"false", enums list their values, an empty
// string unsets an optional parameter and is refused for a required one (`parameter_invalid_empty`).
// A connector that sends something the real API would refuse fails here too.
import type { FormObject, FormValue } from './form.ts';

export type ParamSpec =
  | { t: 'string'; max?: number }
  | { t: 'integer'; min?: number }
  | { t: 'boolean' }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'object'; fields: Record<string, ParamSpec> }
  | { t: 'array'; of: ParamSpec }
  /** metadata: up to 50 string keys (≤ 40 chars) with string values (≤ 500 chars). */
  | { t: 'metadata' };

export const str = (max = 5000): ParamSpec => ({ t: 'string', max });
export const int = (min?: number): ParamSpec => ({ t: 'integer', min });
export const bool: ParamSpec = { t: 'boolean' };
export const oneOf = (...values: string[]): ParamSpec => ({ t: 'enum', values });
export const obj = (fields: Record<string, ParamSpec>): ParamSpec => ({ t: 'object', fields });
export const arr = (of: ParamSpec): ParamSpec => ({ t: 'array', of });
export const metadata: ParamSpec = { t: 'metadata' };

/** Stripe's error object (`{ error: { type, code, message, param, … } }`) with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

const DOCS = 'https://stripe.com/docs/error-codes';
export function invalidRequest(message: string, extra: { code?: string; param?: string; status?: number } = {}) {
  const { status = 400, ...rest } = extra;
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(rest.code ? { code: rest.code, doc_url: `${DOCS}/${rest.code.replaceAll('_', '-')}` } : {}),
    ...(rest.param ? { param: rest.param } : {}),
  });
}

const joinList = (values: readonly string[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}` : (values[0] ?? '');

export type Parsed = { [key: string]: unknown };

function check(spec: ParamSpec, value: FormValue, path: string): unknown {
  switch (spec.t) {
    case 'string':
      if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, { param: path });
      if (spec.max && value.length > spec.max) {
        throw invalidRequest(`Invalid string: ${value.slice(0, 20)}...; must be at most ${spec.max} characters`, {
          param: path,
        });
      }
      return value;
    case 'integer': {
      if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
        throw invalidRequest(`Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`, {
          code: 'parameter_invalid_integer',
          param: path,
        });
      }
      const n = Number(value);
      if (!Number.isSafeInteger(n))
        throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: path });
      if (spec.min !== undefined && n < spec.min) {
        throw invalidRequest(`This value must be greater than or equal to ${spec.min}.`, { param: path });
      }
      return n;
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false') {
        throw invalidRequest(`Invalid boolean: ${typeof value === 'string' ? value : JSON.stringify(value)}`, {
          param: path,
        });
      }
      return value === 'true';
    case 'enum':
      if (typeof value !== 'string' || !spec.values.includes(value)) {
        throw invalidRequest(`Invalid ${path}: must be one of ${joinList(spec.values)}`, { param: path });
      }
      return value;
    case 'array':
      if (!Array.isArray(value)) throw invalidRequest('Invalid array', { param: path });
      return value.map((item, i) => check(spec.of, item, `${path}[${i}]`));
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param: path });
      return validateFields(spec.fields, value, path);
    case 'metadata': {
      if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param: path });
      const entries = Object.entries(value);
      if (entries.length > 50)
        throw invalidRequest('Invalid metadata: metadata cannot have more than 50 keys', { param: path });
      const out: Record<string, string> = {};
      for (const [key, v] of entries) {
        if (typeof v !== 'string') throw invalidRequest('Invalid string', { param: `${path}[${key}]` });
        if (key.length > 40)
          throw invalidRequest(`Metadata keys can have up to 40 characters.`, { param: `${path}[${key}]` });
        if (v.length > 500)
          throw invalidRequest(`Metadata values can have up to 500 characters.`, { param: `${path}[${key}]` });
        if (v !== '') out[key] = v;
      }
      return out;
    }
  }
}

function validateFields(fields: Record<string, ParamSpec>, input: FormObject, prefix = ''): Parsed {
  const out: Parsed = {};
  for (const [key, value] of Object.entries(input)) {
    const path = prefix ? `${prefix}[${key}]` : key;
    const spec = fields[key];
    if (!spec) throw invalidRequest(`Received unknown parameter: ${path}`, { code: 'parameter_unknown', param: path });
    // An empty string unsets an optional parameter (required ones are checked by `requireParams`).
    if (value === '') {
      out[key] = '';
      continue;
    }
    out[key] = check(spec, value, path);
  }
  return out;
}

/** Validates a whole request against an endpoint's parameters; unknown or mistyped ones are refused. */
export const validateParams = (fields: Record<string, ParamSpec>, input: FormObject): Parsed =>
  validateFields(fields, input);

/** Required parameters: missing → `parameter_missing`, empty string → `parameter_invalid_empty`. */
export function requireParams(params: Parsed, ...names: string[]) {
  for (const name of names) {
    const value = params[name];
    if (value === undefined) {
      throw invalidRequest(`Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
    }
    if (value === '') {
      throw invalidRequest(
        `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
        { code: 'parameter_invalid_empty', param: name },
      );
    }
  }
}

/** Drops parameters unset with an empty string. */
export const present = <T>(value: T | '' | undefined): T | undefined => (value === '' ? undefined : value);

/** One endpoint: the account (secret key) calling, its parameters, `begin` once it starts executing (idempotency). */
export type Handler = (
  account: string,
  form: FormObject,
  begin: () => void,
  pathParams: Record<string, string>,
) => unknown;

/** One clause of a Search API query (`metadata['key']:'value'`, `status:'succeeded'`, `amount:500`). */
export interface SearchClause {
  metadataKey?: string;
  field?: string;
  value: string;
}

/** Parses a Search API query of clauses joined by AND, over metadata and the given fields. */
export function parseSearchQuery(query: string, fields: readonly string[]): SearchClause[] {
  return query.split(/\s+AND\s+/).map((clause) => {
    const m = clause.trim().match(/^(metadata\[(['"])(.+?)\2\]|[a-z_]+):(?:'([^']*)'|"([^"]*)"|(\d+))$/);
    if (!m || (m[3] === undefined && !fields.includes(m[1]!))) {
      throw invalidRequest(
        `We were unable to parse your search query. Try using the format \`metadata["key"]:"value"\` to query for metadata or \`key:"value"\` to query for other fields.`,
        { param: 'query' },
      );
    }
    const value = m[4] ?? m[5] ?? m[6]!;
    return m[3] !== undefined ? { metadataKey: m[3], value } : { field: m[1]!, value };
  });
}

/** Whether `expand[]` asks for this field of the answer. */
export const expands = (params: Parsed, field: string) =>
  ((present(params.expand as string[] | undefined) ?? []) as string[]).includes(field);
