import type { AdminPermissions } from '@kassa/contract/access';

/** Who is calling: resolved once per request by the auth plugin from the bearer token. */
export interface Actor {
  userId: string;
  role: number;
  merchantId: string | null;
  masterMerchantId: string | null;
  paymentHubStatus: number | null;
  financeHubStatus: number | null;
  familyId: string;
  /** App access codes by app key; only loaded for sub-users (role 3). */
  appAccess: Map<number, number[]> | null;
  /** Role 4 view flags; null for everyone else. */
  adminPermissions: AdminPermissions | null;
  /** Embed sessions: the segments (app codes) the parent site allows; null for a normal session. */
  segments: string[] | null;
}
