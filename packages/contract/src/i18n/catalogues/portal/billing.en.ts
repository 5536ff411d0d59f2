// The portal's English texts for billing (invoices, recurring invoices, subscriptions) (docs/i18n.md).
export const billingEn = {} as const;

export type BillingKey = keyof typeof billingEn;
