// The portal's English texts for payments (transactions, dashboard, virtual terminal, quick payments, products, catalog, industry types, providers, connections, embed) (docs/i18n.md).
export const paymentsEn = {} as const;

export type PaymentsKey = keyof typeof paymentsEn;
