// A user as the API shows it, every field once: the signed-in user's own view and a merchant's user
// list pick the fields they show, in their own order, so a field means and looks the same in both.
import { z } from 'zod';
import { isoDateTime } from './common.ts';

export const userFields = z.object({
  id: z.string(),
  role: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  send_notification: z.boolean(),
  is_active: z.boolean(),
  /** Invited but no password set yet. */
  invitation_pending: z.boolean(),
  last_login_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
