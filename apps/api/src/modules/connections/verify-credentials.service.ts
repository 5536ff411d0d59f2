// POST /connection/verify-connection-credentials/ (docs/product-rules.md#api-calls: "reads status, result, message"): runs the
// provider's own credential check on a saved connection, storing the outcome, or on credentials not
// saved yet. A failure answers with the error envelope and the provider's message (docs/product-rules.md#error-messages: the page
// passes the error status and message on).
import { APP } from '@kassa/contract/access';
import type { VerifyCredentialsBody } from '@kassa/contract/connections';
import type { AppContext } from '../../context.ts';
import { requireMerchantAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { businessRule, notFound } from '../../lib/app-error.ts';
import { findProvider } from '../../payments/registry.ts';
import { findConnection, updateConnection } from './connections.queries.ts';
import {
  assertKnownFields,
  providerFor,
  readCredentials,
  toConnectionView,
  verificationFailed,
} from './connections.service.ts';

export async function verifyConnectionCredentials(ctx: AppContext, actor: Actor, body: VerifyCredentialsBody) {
  const now = ctx.clock.now();
  if ('connection_id' in body) {
    const { merchantId } = requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'edit');
    const row = await findConnection(ctx.db, merchantId, body.connection_id);
    if (!row) throw notFound('This connection does not exist.');
    const def = findProvider(row.kind, row.provider);
    if (!def) throw businessRule('This provider is no longer available. Delete the connection and choose another.');
    const result = await def.verifyCredentials(readCredentials(ctx, row), ctx.config.processorEndpoints);
    const updated = await updateConnection(ctx.db, merchantId, row.id, {
      status: result.ok ? 'verified' : 'failed',
      lastVerifiedAt: now,
      lastVerificationMessage: result.message,
    });
    if (!result.ok) throw verificationFailed(result.message);
    return {
      message: result.message,
      result: {
        status: 'verified' as const,
        verified_at: now.toISOString(),
        connection: toConnectionView(ctx, updated),
      },
    };
  }
  requireMerchantAccess(actor, APP.PAYMENT_CONNECTIONS, 'create');
  const def = providerFor(body.kind, body.provider);
  assertKnownFields(def, body.credentials);
  const result = await def.verifyCredentials(body.credentials, ctx.config.processorEndpoints);
  if (!result.ok) throw verificationFailed(result.message);
  return {
    message: result.message,
    result: { status: 'verified' as const, verified_at: now.toISOString(), connection: null },
  };
}
