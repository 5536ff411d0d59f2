// Required second factors (docs/product-rules.md#required-second-factors): a platform admin may require an authenticator app
// or a passkey of every admin, and a merchant owner of every user of that merchant. Someone under a
// rule without either may only enrol one until they do.
import { z } from 'zod';
import type { ErrorCode } from './common.ts';

/** The error code of every refusal to a session that owes one; the web app sends the user to enrol on it. */
export const SECOND_FACTOR_REQUIRED_CODE = 'second_factor_required' satisfies ErrorCode;

export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Your organisation requires an authenticator app or a passkey. Set one up to continue.';
export const LAST_FACTOR_REQUIRED_MESSAGE =
  'Your organisation requires an authenticator app or a passkey, and this is your last one. Add another before removing it.';

export const secondFactorRule = z.object({ require_second_factor: z.boolean() });
export type SecondFactorRule = z.infer<typeof secondFactorRule>;

export const secondFactorRuleBody = z.object({
  require_second_factor: z.boolean({ error: 'Choose whether a second factor is required (true or false).' }),
});

export const secondFactorRuleSaved = (on: boolean) =>
  on ? 'A second factor is now required.' : 'A second factor is no longer required.';
