// A user as the API shows it, every field once: the signed-in user's own view, a merchant's user list and
// the back office's staff admins take the fields they show from here, so a field means the same in each.

import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { LOCALES } from './i18n/locales.ts';

export const userFields = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int(),
  is_active: z.boolean(),
  /** Invited but no password set yet. */
  invitation_pending: z.boolean(),
  last_login_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  // The user's own settings, shown only to the user.
  phone: z.string().nullable(),
  image: z.string().nullable(),
  send_notification: z.boolean(),
  /** The portal's and the user's e-mails' language (docs/i18n.md); null follows the browser. */
  locale: z.enum(LOCALES).nullable(),
});
