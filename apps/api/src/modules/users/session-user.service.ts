// The signed-in user as the web app keeps it (docs/product-rules.md#entities "User"): returned by verify-otp, GET/PATCH
// /auth/profile/. Role-specific: admins (1, 4) have no merchant; merchant users carry their
// merchant's branding and hub statuses, and master_merchant_logo from the master merchant.
import type { User } from '@kassa/contract/auth';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findSessionUserRow, type SessionUserRow } from './session-user.queries.ts';

export function toSessionUser(row: SessionUserRow): User {
  return {
    id: row.id,
    role: row.role,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    image: row.image,
    send_notification: row.sendNotification,
    locale: row.locale ?? null,
    merchant:
      row.merchantId && row.merchantName !== null
        ? {
            id: row.merchantId,
            name: row.merchantName,
            logo: row.merchantLogo,
            master_merchant_logo: row.masterMerchantLogo,
            payment_hub_status: row.paymentHubStatus ?? 1,
            finance_hub_status: row.financeHubStatus ?? 1,
            is_master: Boolean(row.isMaster),
            allow_connections: row.allowConnections ?? false,
          }
        : null,
  };
}

/** The country a user's national phone number is read in: its merchant's; admins have none, so the US is assumed. Undefined when the user does not exist. */
export async function findPhoneCountry(db: DbOrTx, userId: string): Promise<string | undefined> {
  const row = await findSessionUserRow(db, userId);
  return row && (row.merchantCountry ?? 'US');
}

export async function loadSessionUser(db: DbOrTx, userId: string): Promise<User> {
  const row = await findSessionUserRow(db, userId);
  if (!row) throw notFound('User not found.');
  return toSessionUser(row);
}
