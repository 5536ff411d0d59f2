import type { CheckoutTokenData } from '@kassa/contract/checkout';
import type { VirtualTerminalCheckoutBody } from '@kassa/contract/virtual-terminal';
import { apiPost } from '../../../lib/api-client.ts';

/** Opens a card-only checkout session for the keyed-in amount. */
export const openTerminalCheckout = (body: VirtualTerminalCheckoutBody) =>
  apiPost<CheckoutTokenData>('/virtual-terminal/checkout/', body).then((r) => r.result);
