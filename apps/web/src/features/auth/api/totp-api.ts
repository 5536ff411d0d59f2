// Calls of the two-step sign-in settings: GET/POST/DELETE /auth/totp/, POST /auth/totp/confirm/ and
// POST /auth/totp/recovery-codes/. Request and response types come from the shared contract.
import type {
  RecoveryCodesResult,
  TotpConfirmBody,
  TotpEnrolment,
  TotpProofBody,
  TotpStatus,
} from '@kassa/contract/auth';
import useSWR from 'swr';
import { apiDelete, apiPost } from '../../../lib/api-client.ts';

export const TOTP_PATH = '/auth/totp/';

export const useTotpStatus = () => useSWR<TotpStatus>(TOTP_PATH, { revalidateOnFocus: false });

export const startTotpEnrolment = () => apiPost<TotpEnrolment>(TOTP_PATH).then((r) => r.result);

export const confirmTotp = (body: TotpConfirmBody) => apiPost<RecoveryCodesResult>(`${TOTP_PATH}confirm/`, body);

export const removeTotp = (body: TotpProofBody) => apiDelete<null>(TOTP_PATH, { data: body });

export const regenerateRecoveryCodes = (body: TotpProofBody) =>
  apiPost<RecoveryCodesResult>(`${TOTP_PATH}recovery-codes/`, body);
