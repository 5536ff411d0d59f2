// Idempotency-Key for mutating payment calls (docs/ARCHITECTURE.md#api-conventions): scoped per caller
// class and mode (callerScope) or checkout session, and per endpoint; same key + same body → the first
// response replayed; same key + other body → 422; same key while the first request still runs → 409.
// Answers are kept 24 h. A request that never finished (the process died mid-way) holds its key only for
// a short lease, after which a retry runs.
import { createHash, createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type CarriedWrite, runWrite } from '../../db/fixed-statement.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import {
  claimKey,
  claimKeyInsert,
  completeKey,
  completeKeyUpdate,
  deleteExpiredKeys,
  findKey,
  type KeyRef,
  releaseKey,
  type StoredAnswer,
  storeAnswer,
} from './idempotency.queries.ts';

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

/**
 * Stable keyed hash of a JSON body (key order does not change it): a charge's body holds the card,
 * so the database keeps only an HMAC of it under a key of this deployment.
 */
export function requestHash(key: Uint8Array, body: unknown): string {
  return createHmac('sha256', key).update(canonicalJson(body)).digest('base64url');
}

/**
 * The unkeyed hash keys were claimed with before requestHash was keyed (2026-11-25). A retry of such
 * a request still finds its answer; these keys are gone 24 hours after that release (IDEMPOTENCY_TTL_MS),
 * and this with them.
 */
const unkeyedRequestHash = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('base64url');

/** JSON with object keys in code-unit order and undefined members left out; built in one pass per level. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined) continue;
      out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(record[key])}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Whose stored answers a signed-in caller meets: the merchant's people share one scope, its API keys
 * one per mode. A stored answer holds the object it changed (a buyer's name, e-mail, card), so a test
 * key must never meet an answer given to a live key or to a person, who see live money. The scope names
 * the key's mode rather than the key itself, as Stripe scopes keys per account and mode: a retry sent
 * with the replacement of a rolled key (docs/decisions/0012-key-rotation.md) still meets its answer.
 */
export function callerScope(actor: Actor): string {
  const owner = actor.merchantId ?? `user:${actor.userId}`;
  return actor.apiKey ? `${owner}:api-key:${actor.apiKey.mode}` : `${owner}:session`;
}

/**
 * The scope keys were claimed under before callerScope (2026-11-27): the merchant alone. A retry of such
 * a request still finds its answer, after the route's access check (a test key never reaches a live
 * object's answer); these keys are gone 24 hours after that release (IDEMPOTENCY_TTL_MS), and this with them.
 */
export const formerCallerScope = (actor: Actor) => actor.merchantId ?? `user:${actor.userId}`;

/** What a route adds around the stored answers of its keys. */
export interface ReplayGuard {
  /**
   * Throws when this caller may not see what the stored answer is about (the route's own 404 or 403),
   * run before any stored answer is replayed: the answer of a request must never tell more than the
   * request itself would.
   */
  beforeReplay?: () => Promise<void>;
  /** A scope this key may have been claimed under before (formerCallerScope), read when this one holds none. */
  formerScope?: string;
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
  guard: ReplayGuard = {},
): Promise<IdempotentResponse<T>> {
  if (!ref) return { ...(await handler()), replayed: false };
  const hash = requestHash(ctx.keys.requestHashing, body);
  const now = ctx.clock.now();
  if (guard.formerScope !== undefined && guard.formerScope !== ref.scope) {
    const former = { ...ref, scope: guard.formerScope };
    const held = await findKey(ctx.db, former);
    if (held && held.expiresAt > now) return answerOfHeldKey<T>(ctx, former, hash, body, guard);
  }
  if (!(await claimKey(ctx.db, ref, hash, now, new Date(now.getTime() + IDEMPOTENCY_LEASE_MS)))) {
    return answerOfHeldKey<T>(ctx, ref, hash, body, guard);
  }
  try {
    const result = await handler();
    if (result.status === 202) {
      // Accepted, not finished (a refund pending at the processor): no answer to keep. A retry with
      // the key runs again and meets the operation the handler recorded, so it reports how that
      // operation stands now and never makes a second one.
      await releaseKey(ctx.db, ref);
      return { ...result, replayed: false };
    }
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
        responseBody: errorBody(error),
        keepUntil: keepUntil(ctx),
      });
    } else {
      await releaseKey(ctx.db, ref);
    }
    throw error;
  }
}

/** A key someone claimed already: its stored answer replayed, or why this request cannot run. */
async function answerOfHeldKey<T>(
  ctx: AppContext,
  ref: KeyRef,
  hash: string,
  body: unknown,
  guard: ReplayGuard = {},
): Promise<IdempotentResponse<T>> {
  // Whoever may not see the object learns nothing from its key either: not its answer, not even that
  // the key is in use (422, 409).
  await guard.beforeReplay?.();
  const existing = await findKey(ctx.db, ref);
  if (!existing) throw new AppError('conflict', 'This request is already being processed. Try again shortly.');
  if (existing.requestHash !== hash && existing.requestHash !== unkeyedRequestHash(body)) {
    throw new AppError('business_rule', 'This Idempotency-Key was already used with a different request.');
  }
  if (existing.state === 'running') {
    throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed.');
  }
  return { status: existing.responseStatus ?? 200, body: existing.responseBody as T, replayed: true };
}

/** The key's claim and answer, written by the handler inside its own database transactions. */
export interface TransactionalKey<T> {
  /** First statement of the handler's first transaction; throws when the key is held. */
  claim(db: DbOrTx): Promise<void>;
  /**
   * The same claim, to go out inside the handler's first statement (returns a row when claimed);
   * the handler then calls `held()` when it returned none.
   */
  claimWrite: CarriedWrite<KeyRef & { requestHash: string; now: Date; leaseUntil: Date }>;
  /** Throws what a held key throws, so that the key's stored answer is replayed. */
  held(): never;
  /**
   * In the transaction that decides the outcome, so the answer commits with it: the update, to send
   * alongside another write (or on its own, runWrite).
   */
  complete(status: number, body: T): CarriedWrite<KeyRef & StoredAnswer>;
}

class KeyHeld extends Error {}

/**
 * runIdempotent for a handler that writes the claim and the answer in its own transactions (a
 * payment: one commit for the attempt, one for the outcome) instead of two commits of their own.
 * Same rules: a business error is stored and replayed (written here, since the transaction that
 * would have held the claim rolled back), an unexpected failure frees the key.
 */
export async function runIdempotentInTransactions<T>(
  ctx: AppContext,
  ref: KeyRef | null,
  body: unknown,
  handler: (key: TransactionalKey<T> | null) => Promise<{ status: number; body: T }>,
  guard: Pick<ReplayGuard, 'beforeReplay'> = {},
): Promise<IdempotentResponse<T>> {
  if (!ref) return { ...(await handler(null)), replayed: false };
  const hash = requestHash(ctx.keys.requestHashing, body);
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
  let completed = false;
  const key: TransactionalKey<T> = {
    async claim(db) {
      if (!(await claimKey(db, ref, hash, now, leaseUntil))) throw new KeyHeld();
    },
    claimWrite: {
      values: { ...ref, requestHash: hash, now, leaseUntil },
      build: (db, v) => claimKeyInsert(db, v, v.requestHash, v.now, v.leaseUntil),
    },
    held() {
      throw new KeyHeld();
    },
    complete(status, answer) {
      completed = true;
      return {
        values: { ...ref, responseStatus: status, responseBody: answer, keepUntil: keepUntil(ctx) },
        build: (db, v) => completeKeyUpdate(db, v, v),
      };
    },
  };
  try {
    const result = await handler(key);
    if (!completed) await runWrite(ctx.db, key.complete(result.status, result.body));
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof KeyHeld) return answerOfHeldKey<T>(ctx, ref, hash, body, guard);
    if (error instanceof AppError && error.statusCode < 500) {
      await storeAnswer(ctx.db, ref, hash, ctx.clock.now(), {
        responseStatus: error.statusCode,
        responseBody: errorBody(error),
        keepUntil: keepUntil(ctx),
      });
    } else {
      await releaseKey(ctx.db, ref, hash);
    }
    throw error;
  }
}

const errorBody = (error: AppError) => ({
  status: 'error',
  code: error.code,
  message: error.message,
  ...(error.errors ? { errors: error.errors } : {}),
});

const keepUntil = (ctx: AppContext) => new Date(ctx.clock.now().getTime() + IDEMPOTENCY_TTL_MS);

/** Sends a (possibly replayed) idempotent result; replays are marked so clients can tell. */
export function sendIdempotent(reply: FastifyReply, result: IdempotentResponse<unknown>): FastifyReply {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}
