// The customer portal's calls (docs/product-rules.md#customer-portal), through the buyer pages' fetch
// helper: only types come from the contract, so the portal adds no zod to the buyer bundle. The
// session is the portal's httpOnly cookie, which the browser sends to these paths by itself.
import type {
  PortalBrand,
  PortalCard,
  PortalInvoice,
  PortalMe,
  PortalReceipt,
  PortalSubscription,
} from '@kassa/contract/customer-portal';

const id = (value: string) => encodeURIComponent(value);
const P = '/customer-portal';

export const portalBrand = (merchantId: string) =>
  checkoutRequest<PortalBrand>('GET', `${P}/merchant/${id(merchantId)}/`);
export const askSignInLink = (merchantId: string, email: string) =>
  checkoutRequest<null>('POST', `${P}/merchant/${id(merchantId)}/sign-in-link/`, { email });
export const signInWithLink = (token: string) =>
  checkoutRequest<{ merchant_id: string }>('POST', `${P}/sign-in/`, { token });
export const signOut = () => checkoutRequest<null>('POST', `${P}/sign-out/`, {});
export const portalMe = () => checkoutRequest<PortalMe>('GET', `${P}/me/`);
export const portalSubscriptions = () => checkoutRequest<PortalSubscription[]>('GET', `${P}/subscriptions/`);
export const cancelAtPeriodEnd = (subscriptionId: string) =>
  checkoutRequest<PortalSubscription>('POST', `${P}/subscriptions/${id(subscriptionId)}/cancel/`, {});
/** "Pay now" on an incomplete subscription: its first invoice, with the default saved card. */
export const payIncomplete = (subscriptionId: string) =>
  checkoutRequest<PortalSubscription>('POST', `${P}/subscriptions/${id(subscriptionId)}/pay/`, {});
export const portalInvoices = () => checkoutRequest<PortalInvoice[]>('GET', `${P}/invoices/`);
export const portalReceipts = () => checkoutRequest<PortalReceipt[]>('GET', `${P}/receipts/`);
export const portalCards = () => checkoutRequest<PortalCard[]>('GET', `${P}/cards/`);
export const removeCard = (cardId: string) => checkoutRequest<null>('DELETE', `${P}/cards/${id(cardId)}/`);
export const makeCardDefault = (cardId: string) =>
  checkoutRequest<PortalCard[]>('POST', `${P}/cards/${id(cardId)}/default/`, {});
export const addCardLink = () => checkoutRequest<{ url: string }>('POST', `${P}/cards/add-link/`, {});

import { checkoutRequest } from '../checkout/index.ts';
