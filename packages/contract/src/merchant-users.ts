// A merchant's own users (docs/ARCHITECTURE.md: app 8 Users; docs/product-rules.md#roles-and-permissions roles 2, 3, 5): the owner and staff
// invite staff (5) and sub-users (3); a sub-user's per-app access is edited through
// GET|PUT /auth/access/{id}/ (auth.ts).
import { z } from 'zod';
import { accessPut } from './auth.ts';
import { email, listQuery, personName, sortOrders } from './common.ts';
import { userFields } from './user-fields.ts';

/** The roles a merchant may give its users: staff (every code) or sub-user (its access list). */
const invitableRole = z.union([z.literal(3), z.literal(5)], { message: 'Role must be 3 (sub-user) or 5 (staff)' });

export const merchantUserInvite = z.object({
  email,
  first_name: personName('first name'),
  last_name: personName('last name'),
  role: invitableRole,
  /** Initial access for a sub-user (role 3); ignored for staff, who hold every code. */
  access: accessPut.shape.access.default([]),
});
export type MerchantUserInvite = z.input<typeof merchantUserInvite>;

// An edit checks a name and a role as the invitation does.
export const merchantUserPatch = merchantUserInvite
  .pick({ first_name: true, last_name: true, role: true })
  .extend({ is_active: z.boolean() })
  .partial();
export type MerchantUserPatch = z.infer<typeof merchantUserPatch>;

export const merchantUserSchema = userFields.omit({ phone: true, image: true, send_notification: true, locale: true });
export type MerchantUser = z.infer<typeof merchantUserSchema>;

export const MERCHANT_USER_SORTS = sortOrders('created_at', 'email', 'first_name');
export const merchantUserListQuery = listQuery.extend({
  sort_by: z.enum(MERCHANT_USER_SORTS).optional(),
  is_active: z.enum(['true', 'false']).optional(),
});

export const INVITATION_TTL_DAYS = 7;
export const MERCHANT_USER_MESSAGES = {
  invited: 'Invitation sent.',
  updated: 'User updated.',
  disabled: 'User disabled.',
} as const;
