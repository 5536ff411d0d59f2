// Calls of the sign-in, session and profile endpoints (docs/product-rules.md#api-calls; docs/ARCHITECTURE.md). Request and response
// types come from the shared contract.
import type {
  AdminPermissionSet,
  AppAccessEntry,
  ChangePasswordBody,
  LoginBody,
  LoginResult,
  ProfilePatch,
  ResendOtpResult,
  TokensResult,
  User,
  VerifyOtpBody,
} from '@kassa/contract/auth';
import type { Page } from '@kassa/contract/common';
import { apiGet, apiPatch, apiPost } from '../../../lib/api-client.ts';

export const login = (body: LoginBody) => apiPost<LoginResult>('/auth/login/', body).then((r) => r.result);

export const verifyOtp = (body: VerifyOtpBody) =>
  apiPost<TokensResult>('/auth/verify-otp/', body).then((r) => r.result);

/** A new code for the same challenge; the answer says when the next one may be asked for. */
export const resendOtp = (otpToken: string) => apiPost<ResendOtpResult>('/auth/resend-otp/', { otp_token: otpToken });

export const forgotPassword = (email: string) => apiPost<null>('/auth/forgot-password/', { email });

/** An invitation link answers with a session (the user is signed in); a reset link with none. */
export const resetPassword = (token: string, password: string) =>
  apiPost<TokensResult | null>('/auth/reset-password/', { token, password });

export const changePassword = (body: ChangePasswordBody) => apiPost<null>('/auth/change-password/', body);

export const logout = (refreshToken: string | null) =>
  apiPost<null>('/auth/logout/', refreshToken ? { refresh_token: refreshToken } : {});

export const getProfile = () => apiGet<User>('/auth/profile/').then((r) => r.result);

export const updateProfile = (patch: ProfilePatch) => apiPatch<User>('/auth/profile/', patch).then((r) => r.result);

/** docs/product-rules.md#api-calls: result.results[0] is the staff admin's own permission set. */
export const getAdminPermission = () =>
  apiGet<Page<AdminPermissionSet>>('/superadmin/admin/').then((r) => r.result.results[0] ?? null);

export const getUserAccess = (userId: string) =>
  apiGet<AppAccessEntry[]>(`/auth/access/${encodeURIComponent(userId)}/`).then((r) => r.result);
