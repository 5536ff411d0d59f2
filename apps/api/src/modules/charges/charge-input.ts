import type { chargeBody } from '@kassa/contract/checkout';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { z } from 'zod';

/**
 * A validated POST /pay/charge/ body, with the buyer's language the route read from the request's
 * Accept-Language (never from the body): the receipt and its PDF are written in it (docs/i18n.md).
 */
export type ChargeInput = z.output<typeof chargeBody> & { buyerLocale?: Locale | null };
