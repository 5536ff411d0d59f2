// Idempotency-Key for mutating payment calls (ARCHITECTURE 4): scoped per merchant (or checkout
// session) and endpoint; same key + same body → the first response replayed; same key + other body →
// 422; same key while the first request still runs → 409. Answers are kept 24 h. A request that never
// finished (the process died mid-way) holds its key only for a short lease, after which a retry runs.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { claimKey, completeKey, deleteExpiredKeys, findKey, type KeyRef, releaseKey } from './idempotency.queries.ts';

/** Drops keys past their 24 hours; run by the background jobs, not on the payment path. */
export const purgeExpiredIdempotencyKeys = (ctx: AppContext) => deleteExpiredKeys(ctx.db, ctx.clock.now());

export const IDEMPOTENCY_TTL_MS = DAY;
/**
 * How long a running request holds its key. Longer than any payment call takes (the processor call
 * has its own timeout); if it ever runs past it, a retry still meets the payment's own guards (the
 * checkout's open attempt, the refund's row lock), never a second charge.
 */
export const IDEMPOTENCY_LEASE_MS = MINUTE;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Stable hash of a JSON body: key order does not change it. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw invalid('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

/**
 * Runs `handler` at most once per key. Business errors (AppError) are stored and replayed like
 * successes, because they are the answer to that request; an unexpected failure releases the key
 * so the client may retry (the payment services guard their own state against double effects).
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  ref: KeyRef | null,
  body: unknown,
  handler: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentResponse<T>> {
  if (!ref) return { ...(await handler()), replayed: false };
  const hash = requestHash(body);
  const now = ctx.clock.now();
  if (!(await claimKey(ctx.db, ref, hash, now, new Date(now.getTime() + IDEMPOTENCY_LEASE_MS)))) {
    const existing = await findKey(ctx.db, ref);
    if (!existing) throw new AppError('conflict', 'This request is already being processed. Try again shortly.');
    if (existing.requestHash !== hash) {
      throw new AppError('business_rule', 'This Idempotency-Key was already used with a different request.');
    }
    if (existing.state === 'running') {
      throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed.');
    }
    return { status: existing.responseStatus ?? 200, body: existing.responseBody as T, replayed: true };
  }
  try {
    const result = await handler();
    await completeKey(ctx.db, ref, {
      responseStatus: result.status,
      responseBody: result.body,
      keepUntil: keepUntil(ctx),
    });
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      await completeKey(ctx.db, ref, {
        responseStatus: error.statusCode,
        responseBody: {
          status: 'error',
          code: error.code,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        },
        keepUntil: keepUntil(ctx),
      });
    } else {
      await releaseKey(ctx.db, ref);
    }
    throw error;
  }
}

const keepUntil = (ctx: AppContext) => new Date(ctx.clock.now().getTime() + IDEMPOTENCY_TTL_MS);

/** Sends a (possibly replayed) idempotent result; replays are marked so clients can tell. */
export function sendIdempotent(reply: FastifyReply, result: IdempotentResponse<unknown>): FastifyReply {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
