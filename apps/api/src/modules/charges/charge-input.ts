import type { chargeBody } from '@kassa/contract/checkout';
import type { z } from 'zod';

/** A validated POST /pay/charge/ body. */
export type ChargeInput = z.output<typeof chargeBody>;
