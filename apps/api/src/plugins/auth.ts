// Resolves the bearer token into request.actor and applies the route's access rule. A signed-in
// route declares `config: { access: rule }` (lib/route-access.ts); both run in onRequest, before
// the path and query are validated and before the body is even read, so a caller who may not use the route gets
// 401/403 and learns nothing about its input. Public routes (checkout, invoice view, embed callback,
// hosted fields) declare no rule. A route documented with bearer security must declare one, and
// only such a route may: the app refuses to start otherwise.
//
// API keys (`Bearer sk_test_…` / `sk_live_…`) take the same routes as people, but only routes that
// declare `config: { access, scope }` with a scope from @kassa/contract/developers, and only when
// the key holds that scope: everything else (admin areas, account settings, key management) answers
// 403. A key acts as its merchant's owner with no embed segments, so the access rule still applies
// (hub status, tenancy); each key has its own rate limit, and each write it makes is audited.

import { type ApiKeyScope, grantsScope, isApiKeyScope, looksLikeApiKey } from '@kassa/contract/developers';
import { SECOND_FACTOR_REQUIRED_CODE, SECOND_FACTOR_REQUIRED_MESSAGE } from '@kassa/contract/second-factor-rules';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import type { CarriedWrite } from '../db/fixed-statement.ts';
import type { Actor } from '../lib/actor.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { AccessRule } from '../lib/route-access.ts';
import { resolveApiKeyActor } from '../modules/api-keys/api-keys.service.ts';
import { type AuditRecord, auditWrite, recordAudit } from '../modules/audit/audit.service.ts';
import { bearerToken, resolveActor } from '../modules/auth/actor.service.ts';
import { waitText } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** This request's API-key audit entry committed with its own write (carriedApiKeyAudit): the onSend hook adds none. */
    apiKeyAuditCarried: boolean;
    /** The id of this request's API-key audit entry, the same whoever writes it (apiKeyRequestRecord). */
    apiKeyAuditId: string;
  }
  interface FastifyContextConfig {
    /** Who may use the route; its presence makes the route a signed-in one. */
    access?: AccessRule;
    /** Open to a session that owes a required second factor: enrolling one, reading oneself, signing out. */
    enrolment?: boolean;
    /** The API key scope that opens the route to API keys; without one, keys get 403 here. */
    scope?: ApiKeyScope;
  }
}

export const API_KEY_NOT_HERE = 'API keys cannot be used here. Sign in to Kassa to do this.';
export const missingScopeMessage = (scope: string) => `This API key does not have the ${scope} scope.`;

const declaresBearer = (route: RouteOptions) =>
  ((route.schema as { security?: Record<string, unknown>[] } | undefined)?.security ?? []).some((s) => 'bearer' in s);

function authPlugin(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('apiKeyAuditCarried', false);
  app.decorateRequest('apiKeyAuditId', '');
  app.addHook('onRoute', (route) => {
    const hasRule = typeof route.config?.access === 'function';
    const methods = [route.method].flat().join(',');
    if (declaresBearer(route) !== hasRule) {
      throw new Error(
        hasRule
          ? `${methods} ${route.url} has an access rule but does not document bearer security`
          : `${methods} ${route.url} documents bearer security but declares no access rule (config.access)`,
      );
    }
    const scope = route.config?.scope;
    if (scope === undefined) return;
    if (!hasRule || !isApiKeyScope(scope))
      throw new Error(`${methods} ${route.url} declares an unknown scope ${scope}`);
    if (/\/(admin|superadmin)\//.test(route.url))
      throw new Error(`${methods} ${route.url}: no admin route takes API keys`);
    // Documented as "a session, or an API key holding this scope".
    const security = (route.schema as { security?: Record<string, string[]>[] } | undefined)?.security ?? [];
    route.schema = { ...route.schema, security: [...security, { apiKey: [scope] }] } as typeof route.schema;
  });

  const limitKey = app.createRateLimit({
    max: ctx.config.apiKeyRateLimit.max,
    timeWindow: ctx.config.apiKeyRateLimit.windowMs,
    keyGenerator: (request) => `api-key:${request.actor.apiKey?.id}`,
  });

  // Callback hooks that return at once on the public routes (checkout, payment), which have no access
  // rule and no API key: an async hook would cost a promise on each of their requests
  // (docs/decisions/0022-the-fast-path-on-public-apis.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return done();
    authorize(request, rule).then(() => done(), done);
  });

  async function authorize(request: FastifyRequest, rule: AccessRule) {
    const token = bearerToken(request.headers.authorization);
    if (token && looksLikeApiKey(token)) {
      request.actor = await resolveApiKeyActor(ctx, token);
      const limit = await limitKey(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError(
          'rate_limited',
          `Too many requests with this API key. Try again in ${waitText(limit.ttl)}.`,
          undefined,
          { 'retry-after': String(limit.ttlInSeconds) },
        );
      }
      const scope = request.routeOptions.config.scope;
      if (!scope) throw forbidden(API_KEY_NOT_HERE);
      if (!grantsScope(request.actor.apiKey?.scopes ?? [], scope)) throw forbidden(missingScopeMessage(scope));
    } else {
      request.actor = await resolveActor(ctx, request.headers.authorization);
      if (request.actor.mustEnrol && !request.routeOptions.config.enrolment)
        throw new AppError(SECOND_FACTOR_REQUIRED_CODE, SECOND_FACTOR_REQUIRED_MESSAGE);
    }
    await rule(request.actor, request);
  }

  // Every change made with an API key is in the audit trail with the key's id, whether or not the
  // service records one of its own; reads are not (they change nothing). Written before the answer
  // leaves, so a caller that sees a success can find its entry — unless the route's own write carried
  // it already (a payment's settle statement, carriedApiKeyAudit).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.apiKeyAuditCarried || reply.statusCode >= 400) return done(null, payload);
    const record = apiKeyRequestRecord(request, reply.statusCode);
    if (!record) return done(null, payload);
    recordAudit(ctx.db, record).then(
      () => done(null, payload),
      (error) => {
        request.log.error({ err: error }, 'could not record an API key request in the audit trail');
        done(null, payload);
      },
    );
  });
}

/**
 * The audit entry of a change made with an API key, answered with `status`; none for a request
 * without a key or one that reads (a GET, a `:read` scope).
 */
function apiKeyRequestRecord(request: FastifyRequest, status: number): AuditRecord | undefined {
  const key = request.actor?.apiKey;
  if (!key) return undefined;
  const scope = request.routeOptions.config.scope;
  if (!scope || scope.endsWith(':read') || request.method === 'GET') return undefined;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  // One id per request: when a settle statement carried the entry and committed but its answer was lost,
  // the locked settle leaves the entry to the onSend hook, whose copy is then skipped.
  if (!request.apiKeyAuditId) request.apiKeyAuditId = crypto.randomUUID();
  return {
    id: request.apiKeyAuditId,
    actor: request.actor,
    merchantId: request.actor.merchantId,
    action: 'api_key.request',
    entityType: 'api_request',
    entityId: typeof id === 'string' ? id : null,
    data: { method: request.method, route: request.routeOptions.url, status, scope },
  };
}

/** An API-key request's audit entry, to commit with the route's own last write instead of after it. */
export interface CarriedRequestAudit {
  write: CarriedWrite;
  /** Called once the write has committed: the onSend hook then adds no second entry. */
  carried(): void;
}

/**
 * The entry the onSend hook would write for this request answered with `status` (a success: a
 * refused request writes none), for a route whose handler ends in one write that can carry it (a
 * payment's settle statement, docs/decisions/0023-saved-cards-live-at-the-processor.md); undefined
 * when the hook would write none.
 */
export function carriedApiKeyAudit(request: FastifyRequest, status: number): CarriedRequestAudit | undefined {
  if (status >= 400) return undefined;
  const record = apiKeyRequestRecord(request, status);
  if (!record) return undefined;
  return {
    write: auditWrite(record),
    carried: () => {
      request.apiKeyAuditCarried = true;
    },
  };
}

export default fp(authPlugin, { name: 'auth' });
