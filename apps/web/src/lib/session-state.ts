// The shape of the session part of the store, here so that every feature reads it (lib/session-hooks.ts,
// lib/use-access.ts) without importing the auth feature; features/auth's slices fill it.
import type { AdminPermissions } from '@kassa/contract/access';
import type { AppAccessEntry, User } from '@kassa/contract/auth';

export type SessionMerchant = NonNullable<User['merchant']>;

/** docs/product-rules.md#entities "Auth state". */
export interface AuthState {
  user: User | null;
  merchant: SessionMerchant | null;
  /** On while the profile is expected: from start-up with a stored token until the fetch ends. */
  loading: boolean;
  token: string | null;
  refreshToken: string | null;
  isAuth: boolean;
  adminPermission: AdminPermissions | null;
}

export interface UserAccessState {
  list: AppAccessEntry[];
  loading: boolean;
  loaded: boolean;
}

export interface EmbedSessionState {
  /** null outside embed mode; the allowed segment codes inside it. */
  allowedTabs: string[] | null;
}

export interface SessionState {
  auth: AuthState;
  userAccess: UserAccessState;
  embedSession: EmbedSessionState;
}
