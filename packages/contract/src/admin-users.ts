// Creating and editing staff admins (role 4) and their four view flags (docs/product-rules.md#entities, docs/product-rules.md#roles-and-permissions). The list and the
// response shape (adminPermissionSet) live in auth.ts with GET /superadmin/admin/.
import { z } from 'zod';
import { ADMIN_PERMISSION_FLAGS, type AdminPermissionFlag } from './access.ts';
import { email, personName } from './common.ts';

export const permissionFlag = z.union([z.literal(0), z.literal(1)], { message: 'Use 0 or 1' });

/** The view flags of ADMIN_PERMISSION_FLAGS, in its order, each as `flag`. */
export const adminPermissionFields = <Flag extends z.ZodType>(flag: Flag) =>
  Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((name) => [name, flag])) as Record<AdminPermissionFlag, Flag>;

export const adminUserCreateBody = z.object({
  first_name: personName('first name'),
  last_name: personName('last name'),
  email,
  ...adminPermissionFields(permissionFlag.default(0)),
});
export type AdminUserCreateBody = z.input<typeof adminUserCreateBody>;

export const adminUserPatchBody = z
  .object({
    first_name: personName('first name'),
    last_name: personName('last name'),
    /** false disables the account: its sessions stop at the next request. */
    is_active: z.boolean({ message: 'is_active must be true or false' }),
    ...adminPermissionFields(permissionFlag),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type AdminUserPatchBody = z.input<typeof adminUserPatchBody>;
