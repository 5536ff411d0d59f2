// GET /superadmin/admin/ (docs/product-rules.md#api-calls: "result.results; first entry is the admin permission set").
// A staff admin (4) gets a one-entry page holding its own flags — the web app reads the first entry
// after sign-in to build the menu and the landing route. A platform admin (1) gets the page of staff
// admins with their flags. Nobody else may call it.
import { ROLE } from '@kassa/contract/access';
import type { AdminPermissionSet } from '@kassa/contract/auth';
import type { ListQuery, Page } from '@kassa/contract/common';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, unauthorized } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/db/list.ts';
import { type AdminPermissionRow, countStaffAdmins, selectStaffAdmins } from './admin-permissions.queries.ts';

const flag = (v: number | null) => (v === 1 ? 1 : 0);

const toAdminPermissionSet = (row: AdminPermissionRow): AdminPermissionSet => ({
  user_id: row.userId,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  is_active: row.isActive,
  view_merchant: flag(row.viewMerchant),
  view_catalog: flag(row.viewCatalog),
  view_transactions: flag(row.viewTransactions),
  view_industry_type: flag(row.viewIndustryType),
});

/** One staff admin's permission set, or undefined when the user is no staff admin. */
export async function findStaffAdminPermissions(db: DbOrTx, userId: string): Promise<AdminPermissionSet | undefined> {
  const [row] = await selectStaffAdmins(db, { userId, limit: 1, offset: 0 });
  return row && toAdminPermissionSet(row);
}

export async function listAdminPermissionSets(
  ctx: AppContext,
  actor: Actor,
  query: ListQuery,
): Promise<Page<AdminPermissionSet>> {
  if (actor.role === ROLE.STAFF_ADMIN) {
    const own = await findStaffAdminPermissions(ctx.db, actor.userId);
    if (!own) throw unauthorized();
    return { count: 1, page: 1, page_size: 1, results: [own] };
  }
  if (actor.role !== ROLE.PLATFORM_ADMIN) throw forbidden('Only administrators can see admin permissions.');
  const offset = (query.page - 1) * query.page_size;
  const [rows, total] = await Promise.all([
    selectStaffAdmins(ctx.db, { search: query.search, limit: query.page_size, offset }),
    countStaffAdmins(ctx.db, query.search),
  ]);
  return pageOf(query, total, rows.map(toAdminPermissionSet));
}
