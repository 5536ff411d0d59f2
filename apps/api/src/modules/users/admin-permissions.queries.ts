import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminPermissions, users } from '../../db/schema.ts';

const columns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isActive: users.isActive,
  viewMerchant: adminPermissions.viewMerchant,
  viewCatalog: adminPermissions.viewCatalog,
  viewTransactions: adminPermissions.viewTransactions,
  viewIndustryType: adminPermissions.viewIndustryType,
};

export type AdminPermissionRow = Awaited<ReturnType<typeof selectStaffAdmins>>[number];

/** LIKE wildcards in a search box are literal characters, not patterns. */
const likeEscape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function staffAdminFilter(search: string | undefined, userId?: string): SQL | undefined {
  const term = search ? likeEscape(search) : null;
  return and(
    eq(users.role, 4),
    userId ? eq(users.id, userId) : undefined,
    term ? or(ilike(users.email, term), ilike(users.firstName, term), ilike(users.lastName, term)) : undefined,
  );
}

/** Staff admins (role 4) with their flags; a missing permission row means every flag is 0. */
export async function selectStaffAdmins(
  db: DbOrTx,
  opts: { search?: string; limit: number; offset: number; userId?: string },
) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(adminPermissions, eq(adminPermissions.userId, users.id))
    .where(staffAdminFilter(opts.search, opts.userId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countStaffAdmins(db: DbOrTx, search?: string) {
  const [row] = await db.select({ n: count() }).from(users).where(staffAdminFilter(search));
  return row?.n ?? 0;
}
