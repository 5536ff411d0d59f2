import type { AdminPermissions } from '@kassa/contract/access';
import type { ApiKeyMode } from '@kassa/contract/developers';

/** The API key a request was made with. */
export interface ApiKeyActor {
  id: string;
  mode: ApiKeyMode;
  scopes: string[];
}

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
  /**
   * Set when the caller sent an API key instead of a session: it acts as its merchant's owner,
   * limited to the key's scopes (checked against the route's declared scope) and the key's mode.
   */
  apiKey?: ApiKeyActor | null;
  /** Under a second-factor rule with neither an authenticator app nor a passkey: only enrolment routes answer. */
  mustEnrol?: boolean;
}

/** The merchant columns a sign-in read joins, for whoever acts: a user, or an API key as its merchant's owner. */
interface ActorMerchantRow {
  merchantId: string | null;
  masterMerchantId?: string | null;
  paymentHubStatus?: number | null;
  financeHubStatus?: number | null;
}

/** The merchant an actor acts for, from the row that resolved it; null where the left join found none. */
export const actorMerchant = (row: ActorMerchantRow) => ({
  merchantId: row.merchantId,
  masterMerchantId: row.masterMerchantId ?? null,
  paymentHubStatus: row.paymentHubStatus ?? null,
  financeHubStatus: row.financeHubStatus ?? null,
});
