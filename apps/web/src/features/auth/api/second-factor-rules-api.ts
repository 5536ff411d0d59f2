// GET/PUT of the rules that require an authenticator app or a passkey: the platform's for every admin
// (/superadmin/second-factor-rule/) and a merchant owner's for every user (/auth/merchant-second-factor-rule/).
import type { SecondFactorRule } from '@kassa/contract/second-factor-rules';
import useSWR from 'swr';
import { apiPut } from '../../../lib/api-client.ts';

export const ADMIN_RULE_PATH = '/superadmin/second-factor-rule/';
export const MERCHANT_RULE_PATH = '/auth/merchant-second-factor-rule/';
export type RulePath = typeof ADMIN_RULE_PATH | typeof MERCHANT_RULE_PATH;

export const useSecondFactorRule = (path: RulePath) => useSWR<SecondFactorRule>(path, { revalidateOnFocus: false });

export const saveSecondFactorRule = (path: RulePath, on: boolean) =>
  apiPut<SecondFactorRule>(path, { require_second_factor: on });
