// The merchant's Financing Hub (docs/product-rules.md#routes Connections, 7): the partners offered to its industry and
// the signed single sign-on to one of them.
import type { FinancialPartner, SsoLoginResult } from '@kassa/contract/financing';
import useSWR from 'swr';
import { apiPost } from '../../../lib/api-client.ts';

export const FINANCIAL_PARTNERS_PATH = '/connection/financial-partners/';

export const useFinancialPartners = () => useSWR<FinancialPartner[]>(FINANCIAL_PARTNERS_PATH);

export const ssoLogin = (connectionId: string) =>
  apiPost<SsoLoginResult>('/connection/sso-login/', { connection_id: connectionId }).then((r) => r.result);
