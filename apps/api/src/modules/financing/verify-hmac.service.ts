// GET /auth/verify-hmac/ (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md "Financing Hub"): a partner proves a request comes
// from it by signing it with its shared secret. Timestamp within 5 minutes, constant-time compare,
// and each signature is accepted once (used_signatures), so a captured request cannot be replayed.
import { SIGNATURE_WINDOW_S, type VerifyHmacResult } from '@kassa/contract/financing';
import type { AppContext } from '../../context.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/keys.ts';
import { claimSignature, findFinancialConnection } from './financial-connections.queries.ts';
import { openSharedSecret } from './financial-connections.service.ts';
import { checkSignature } from './signed-request.ts';

export interface SignedRequestHeaders {
  partner?: string;
  timestamp?: string;
  signature?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifySignedPartnerRequest(
  ctx: AppContext,
  headers: SignedRequestHeaders,
  body = '',
): Promise<VerifyHmacResult> {
  const { partner: partnerId, timestamp: ts, signature } = headers;
  if (!partnerId || !ts || !signature) {
    throw unauthorized('Send the x-kassa-partner, x-kassa-timestamp and x-kassa-signature headers.');
  }
  const timestamp = Number(ts);
  if (!/^\d{1,12}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(signature)) {
    throw unauthorized('The timestamp must be Unix seconds and the signature 64 hex characters.');
  }
  const partner = UUID.test(partnerId) ? await findFinancialConnection(ctx.db, partnerId) : undefined;
  if (!partner?.isActive) throw unauthorized('Unknown financing partner.');

  const now = ctx.clock.now();
  const secret = openSharedSecret(ctx.keys, partner.id, partner.sharedSecret);
  const check = checkSignature({ secret, timestamp, signature, body, now });
  if (check === 'mismatch') throw unauthorized('The signature does not match.');
  if (check === 'outside_window') throw unauthorized('The request timestamp is more than 5 minutes away from now.');
  // Kept until the window has passed for it; after that the timestamp check refuses it anyway.
  const expiresAt = new Date((timestamp + SIGNATURE_WINDOW_S) * 1000);
  if (!(await claimSignature(ctx.db, hashToken(`${partner.id}.${signature.toLowerCase()}`), expiresAt, now))) {
    throw unauthorized('This signed request was already used.');
  }
  return { valid: true, partner_id: partner.id, partner_name: partner.name, timestamp };
}
