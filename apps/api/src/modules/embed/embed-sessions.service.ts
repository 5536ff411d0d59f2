// Embed sessions: how a parent site opens the embedded portal. The merchant's own server calls
// POST /embed/sessions/ with an API key holding embed:write and gets a token that is good for one
// sign-in, for five minutes, from one of the merchant's embed domains; the parent page puts it in the
// iframe URL and the embed callback exchanges it once for a session limited to the allowed sections.
// Whoever sees the iframe URL afterwards holds a used token, and a page on another origin cannot
// use it at all: the callback checks the request's Origin (or Referer) against the bound domain.
import {
  EMBED_SESSION_TTL_S,
  type EmbedSessionBody,
  type EmbedSessionResult,
  embedSessionBody,
} from '@kassa/contract/developers';
import { type EmbedCallbackBody, type EmbedCallbackResult, hostOf, isDomainAllowed } from '@kassa/contract/embed';
import type { AppContext } from '../../context.ts';
import { BLOCKED_MERCHANT_MESSAGE } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, forbidden, unauthorized } from '../../lib/app-error.ts';
import { DAY } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { startSession } from '../auth/session.service.ts';
import { findEmbedMerchant, findEmbedSettings, findMerchantOwner } from './embed.queries.ts';
import { requireEmbedSettingsAccess } from './embed.service.ts';
import {
  consumeEmbedSession,
  deleteExpiredEmbedSessions,
  findEmbedSessionByHash,
  insertEmbedSession,
} from './embed-sessions.queries.ts';

export const EMBED_SESSION_KEY_ONLY =
  'Embed sessions are made by your server with an API key that has the embed:write scope.';
export const EMBED_TOKEN_INVALID = 'This embed link is not valid. Ask the site you came from to open the portal again.';
export const EMBED_TOKEN_USED = 'This embed link was already used. Reload the page to open the portal again.';
export const EMBED_TOKEN_EXPIRED = 'This embed link has expired. Reload the page to open the portal again.';
export const EMBED_NO_ORIGIN = 'The address of the embedding page is missing, so it cannot be checked.';
export const EMBED_SETTINGS_TOKEN_RETIRED =
  'The embed settings token no longer opens the portal. Your server now makes a one-time embed session with an API key (see Developers).';

/** Used or not, a session a day past its five minutes only explains refusals no one will see. */
export const purgeExpiredEmbedSessions = (ctx: AppContext) =>
  deleteExpiredEmbedSessions(ctx.db, new Date(ctx.clock.now().getTime() - DAY));

/** Minting is for the merchant's server: an API key (its scope is checked by the auth plugin). */
export function requireEmbedSessionMinter(actor: Actor): string {
  if (!actor.apiKey) throw forbidden(EMBED_SESSION_KEY_ONLY);
  return requireEmbedSettingsAccess(actor);
}

const embedUrl = (ctx: AppContext, merchantId: string, token: string) =>
  `${ctx.config.publicUrl}/embed?${new URLSearchParams({ token, merchant_id: merchantId })}`;

export async function mintEmbedSession(
  ctx: AppContext,
  actor: Actor,
  input: EmbedSessionBody,
): Promise<EmbedSessionResult> {
  const merchantId = requireEmbedSessionMinter(actor);
  const body = embedSessionBody.parse(input);
  const settings = await findEmbedSettings(ctx.db, merchantId);
  const allowedDomains = settings?.allowedDomains ?? [];
  const allowedSegments = settings?.allowedSegments ?? [];
  if (allowedDomains.length === 0 || allowedSegments.length === 0) {
    throw new AppError(
      'business_rule',
      'Embedding is not set up: add the parent domain and the sections it may show in Embed settings first.',
    );
  }
  if (!isDomainAllowed(body.domain, allowedDomains)) {
    const message = `${body.domain} is not one of this merchant’s embed domains (${allowedDomains.join(', ')}).`;
    throw new AppError('business_rule', message, [{ path: 'domain', message }]);
  }
  const refused = (body.segments ?? []).filter((s) => !allowedSegments.includes(s));
  if (refused.length > 0) {
    const message = `Embed settings do not allow ${refused.join(', ')}; allowed: ${allowedSegments.join(', ')}.`;
    throw new AppError('business_rule', message, [{ path: 'segments', message }]);
  }
  const segments = body.segments ? allowedSegments.filter((s) => body.segments!.includes(s as never)) : allowedSegments;
  const token = `ems_${randomToken(32)}`;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + EMBED_SESSION_TTL_S * 1000);
  await ctx.db.transaction(async (db) => {
    const row = await insertEmbedSession(db, {
      merchantId,
      apiKeyId: actor.apiKey!.id,
      tokenHash: hashToken(token),
      domain: body.domain,
      segments,
      expiresAt,
      createdAt: now,
    });
    await recordAudit(db, {
      actor,
      merchantId,
      action: 'embed.session_minted',
      entityType: 'embed_session',
      entityId: row.id,
      data: { domain: body.domain, segments },
    });
  });
  return {
    token,
    embed_url: embedUrl(ctx, merchantId, token),
    domain: body.domain,
    segments,
    expires_at: expiresAt.toISOString(),
  };
}

export interface CallbackRequest {
  origin?: string;
  referer?: string;
  /** The Host header: a request from Kassa's own page is same-origin. */
  host?: string;
  userAgent?: string;
}

const hostWithPort = (url: string | undefined) => {
  if (!url || url === 'null') return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * The host of the page that embeds the portal. A browser sets Origin (and Referer) itself: a call
 * from another site's script carries that site, which must be the bound domain. The portal's own
 * embed page (same origin as Kassa) calls from inside the frame, and reports the parent from
 * document.referrer; the frame-ancestors of that page already limit which parents may load it.
 * No Origin and no Referer at all: nothing to check, refused.
 */
export function parentHost(ctx: AppContext, req: CallbackRequest, reportedDomain: string): string | null {
  const own = new Set([hostWithPort(ctx.config.publicUrl), req.host?.toLowerCase()].filter(Boolean));
  const caller = hostWithPort(req.origin) ?? hostWithPort(req.referer);
  if (!caller) return null;
  if (!own.has(caller)) return hostOf(caller);
  return hostOf(reportedDomain);
}

/** POST /auth/embed-callback/ (public): an embed session token, used once, from its bound domain. */
export async function embedCallback(
  ctx: AppContext,
  body: Required<EmbedCallbackBody>,
  req: CallbackRequest,
): Promise<EmbedCallbackResult> {
  if (body.token.startsWith('emb_')) throw unauthorized(EMBED_SETTINGS_TOKEN_RETIRED);
  const host = parentHost(ctx, req, body.domain);
  if (!host) throw forbidden(EMBED_NO_ORIGIN);
  const tokenHash = hashToken(body.token);
  const now = ctx.clock.now();
  const session = await consumeEmbedSession(ctx.db, { tokenHash, merchantId: body.merchant_id, domain: host }, now);
  if (!session) {
    const row = await findEmbedSessionByHash(ctx.db, tokenHash);
    if (!row || row.merchantId !== body.merchant_id) throw unauthorized(EMBED_TOKEN_INVALID);
    if (row.usedAt) throw unauthorized(EMBED_TOKEN_USED);
    if (row.expiresAt <= now) throw unauthorized(EMBED_TOKEN_EXPIRED);
    throw forbidden(`${host} is not the site this embed link was made for.`);
  }
  const merchant = await findEmbedMerchant(ctx.db, session.merchantId);
  if (!merchant) throw unauthorized(EMBED_TOKEN_INVALID);
  if (merchant.isBlocked) throw forbidden(BLOCKED_MERCHANT_MESSAGE);
  const owner = await findMerchantOwner(ctx.db, merchant.id);
  if (!owner) throw new AppError('business_rule', 'This merchant has no active owner account to open the portal for.');
  // The sections allowed now, of those the session was made for: settings narrowed since still apply.
  const current = (await findEmbedSettings(ctx.db, merchant.id))?.allowedSegments ?? [];
  const segments = session.segments.filter((s) => current.includes(s));
  if (segments.length === 0) throw forbidden('Embed settings no longer allow any section for this site.');
  const tokens = await startSession(ctx, {
    userId: owner.id,
    role: owner.role,
    merchantId: merchant.id,
    segments,
    userAgent: req.userAgent,
  });
  await recordAudit(ctx.db, {
    actor: { userId: owner.id, role: owner.role },
    merchantId: merchant.id,
    action: 'embed.session_started',
    entityType: 'embed_session',
    entityId: session.id,
    data: { domain: host, segments, api_key_id: session.apiKeyId },
  });
  return { access: tokens.access, refresh: tokens.refresh, allowed_segments: segments.join(',') };
}
