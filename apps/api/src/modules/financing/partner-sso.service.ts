// The merchant side of the Financing Hub (docs/product-rules.md#routes Connections, 7, 8): the partners offered to the
// merchant's industry, and single sign-on to one of them.
// SSO is a server-to-server handshake, so the signature travels in real headers (docs/product-rules.md#api-calls: "timestamp
// (in seconds) and signature headers") and a refusal reaches the merchant as a message: Kassa posts
// the signed payload to the partner's sso_url; the partner verifies it, provisions or finds the user
// and answers { redirect_url } — a one-time login link the browser then opens. A partner that refuses
// (no such user, bad signature) answers non-2xx and the merchant sees its message, else
// "User not provisioned" (docs/product-rules.md#error-messages).
import { APP } from '@kassa/contract/access';
import {
  type FinancialPartner,
  partnerSsoAnswer,
  SIGNATURE_HEADERS,
  SSO_ERROR_FALLBACK,
  type SsoLoginResult,
  type SsoPayload,
} from '@kassa/contract/financing';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findFinancialConnection,
  findMerchantIndustry,
  findSsoSubject,
  selectPartnersForIndustry,
} from './financial-connections.queries.ts';
import { openSharedSecret } from './financial-connections.service.ts';
import { signRequest } from './signed-request.ts';

export const SSO_TIMEOUT_MS = 10_000;
export const PARTNER_UNREACHABLE = 'The financing partner could not be reached. Please try again later.';

export async function listFinancialPartners(ctx: AppContext, actor: Actor): Promise<FinancialPartner[]> {
  const { merchantId } = requireMerchantAccess(actor, APP.FINANCING_CONNECTIONS, 'view');
  const industry = await findMerchantIndustry(ctx.db, merchantId);
  return industry ? selectPartnersForIndustry(ctx.db, industry) : [];
}

/** The partner's own words when short and plain, else the fallback. */
async function refusalMessage(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown; error?: unknown };
    const text = typeof body.message === 'string' ? body.message : body.error;
    if (typeof text === 'string' && text.trim() && text.length <= 200) return text.trim();
  } catch {}
  return SSO_ERROR_FALLBACK;
}

export async function ssoLogin(ctx: AppContext, actor: Actor, connectionId: string): Promise<SsoLoginResult> {
  const { merchantId } = requireMerchantAccess(actor, APP.FINANCING_CONNECTIONS, 'view');
  const [partner, subject] = await Promise.all([
    findFinancialConnection(ctx.db, connectionId),
    findSsoSubject(ctx.db, merchantId, actor.userId),
  ]);
  const offered = subject?.merchant.industryTypeId
    ? (await selectPartnersForIndustry(ctx.db, subject.merchant.industryTypeId)).some((p) => p.id === connectionId)
    : false;
  // A partner not offered to this merchant's industry does not exist for it.
  if (!partner || !subject || !offered) throw notFound('This financing partner does not exist.');

  const now = ctx.clock.now();
  const timestamp = Math.floor(now.getTime() / 1000);
  const payload: SsoPayload = {
    merchant: {
      id: subject.merchant.id,
      name: subject.merchant.name,
      email: subject.merchant.email,
      country: subject.merchant.country,
      industry_type: subject.merchant.industryType,
    },
    user: {
      id: subject.user.id,
      email: subject.user.email,
      first_name: subject.user.firstName,
      last_name: subject.user.lastName,
    },
    partner_id: partner.id,
    timestamp,
    nonce: randomToken(16),
  };
  const body = JSON.stringify(payload);
  const signature = signRequest(openSharedSecret(ctx.keys, partner.id, partner.sharedSecret), timestamp, body);

  let res: Response;
  try {
    res = await fetch(partner.ssoUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADERS.timestamp]: String(timestamp),
        [SIGNATURE_HEADERS.signature]: signature,
        [SIGNATURE_HEADERS.partner]: partner.id,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SSO_TIMEOUT_MS),
    });
  } catch {
    throw businessRule(PARTNER_UNREACHABLE);
  }
  if (!res.ok) throw businessRule(await refusalMessage(res));
  const answer = partnerSsoAnswer.safeParse(await res.json().catch(() => null));
  if (!answer.success || !/^https?:$/.test(new URL(answer.data.redirect_url).protocol)) {
    throw businessRule(SSO_ERROR_FALLBACK);
  }
  await recordAudit(ctx.db, {
    actor,
    merchantId,
    action: 'financing.sso_login',
    entityType: 'financial_connection',
    entityId: partner.id,
    data: { partner: partner.name },
  });
  return { url: answer.data.redirect_url, partner_name: partner.name };
}
