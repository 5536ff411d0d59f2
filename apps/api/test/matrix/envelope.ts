// What every failure must look like (docs/ARCHITECTURE.md#api-conventions): the error envelope with a code and a message a
// person can read, field errors as {path, message}. Returns what is wrong, or null.
import type { LightMyRequestResponse } from 'fastify';

export function envelopeProblem(res: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `body is not JSON: ${res.body.slice(0, 120)}`;
  }
  if (!body || typeof body !== 'object') return 'body is not an object';
  const b = body as Record<string, unknown>;
  if (b.status !== 'error') return `status is ${JSON.stringify(b.status)}, not "error"`;
  if (typeof b.code !== 'string' || b.code === '') return 'code is missing';
  if (typeof b.message !== 'string' || b.message.trim() === '') return 'message is missing or empty';
  // A message made for people: no stack traces, SQL or internal error names.
  if (/\bat .+:\d+:\d+|\bselect\b.+\bfrom\b|FST_ERR|ZodError|\bundefined\b|\[object Object\]/i.test(b.message)) {
    return `message reads like an internal error: ${b.message.slice(0, 160)}`;
  }
  if (b.errors !== undefined) {
    if (!Array.isArray(b.errors)) return 'errors is not an array';
    for (const e of b.errors) {
      if (!e || typeof e.path !== 'string' || typeof e.message !== 'string' || e.message === '') {
        return `errors item is not {path, message}: ${JSON.stringify(e)}`;
      }
    }
  }
  return null;
}

/** One line per unexpected answer, short enough to read in a diff of expected vs actual. */
export const outcome = (key: string, label: string, res: LightMyRequestResponse) =>
  `${key} [${label}] → ${res.statusCode}`;
