// Webhook endpoints are managed by the account owner and staff (roles 2 and 5), in a normal session:
// an embedded session acts inside a parent site and must not redirect the merchant's events.
import { ROLE } from '@kassa/contract/access';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { AccessRule } from '../../lib/route-access.ts';
import type { EndpointScope } from './webhooks.queries.ts';

/**
 * The endpoints this caller manages: its merchant's, and with an API key only those of the key's mode
 * (the others answer 404, as the other mode's payments do); a person manages both modes.
 */
export function requireWebhookManager(actor: Actor): EndpointScope {
  if ((actor.role !== ROLE.MERCHANT_OWNER && actor.role !== ROLE.MERCHANT_STAFF) || !actor.merchantId) {
    throw forbidden('Only the account owner and staff manage webhooks.');
  }
  requireFullSession(actor);
  return actor.apiKey ? { merchantId: actor.merchantId, mode: actor.apiKey.mode } : { merchantId: actor.merchantId };
}

export const webhookManager: AccessRule = requireWebhookManager;
