// Creating and editing staff admins (role 4) and their four view flags (docs/product-rules.md#entities, docs/product-rules.md#roles-and-permissions). The list and the
// response shape (adminPermissionSet) live in auth.ts with GET /superadmin/admin/.
import { z } from 'zod';
import { email } from './common.ts';

const permissionFlag = z.union([z.literal(0), z.literal(1)], { message: 'Use 0 or 1' });
const personName = (label: string) =>
  z.string().trim().min(1, `Enter the ${label}`).max(80, `The ${label} is too long`);

export const adminUserCreateBody = z.object({
  first_name: personName('first name'),
  last_name: personName('last name'),
  email,
  view_merchant: permissionFlag.default(0),
  view_catalog: permissionFlag.default(0),
  view_transactions: permissionFlag.default(0),
  view_industry_type: permissionFlag.default(0),
});
export type AdminUserCreateBody = z.input<typeof adminUserCreateBody>;

export const adminUserPatchBody = z
  .object({
    first_name: personName('first name'),
    last_name: personName('last name'),
    /** false disables the account: its sessions stop at the next request. */
    is_active: z.boolean({ message: 'is_active must be true or false' }),
    view_merchant: permissionFlag,
    view_catalog: permissionFlag,
    view_transactions: permissionFlag,
    view_industry_type: permissionFlag,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type AdminUserPatchBody = z.input<typeof adminUserPatchBody>;
