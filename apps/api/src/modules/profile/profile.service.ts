// The signed-in user's own profile (docs/product-rules.md#api-calls: GET/PATCH /auth/profile/; docs/product-rules.md#layout: the Notifications
// toggle sends send_notification).
import type { ProfilePatch, User } from '@kassa/contract/auth';
import type { AppContext } from '../../context.ts';
import { requireFullSession } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { normalizePhone } from '../../lib/phone.ts';
import { findPhoneCountry, loadSessionUser } from '../users/session-user.service.ts';
import { updateUserProfile } from './profile.queries.ts';

export const getProfile = (ctx: AppContext, actor: Actor): Promise<User> => loadSessionUser(ctx.db, actor.userId);

export async function updateProfile(ctx: AppContext, actor: Actor, patch: ProfilePatch): Promise<User> {
  requireFullSession(actor);
  const country = await findPhoneCountry(ctx.db, actor.userId);
  if (!country) throw unauthorized();
  const phone = patch.phone == null ? patch.phone : normalizePhone(patch.phone, country);
  await updateUserProfile(
    ctx.db,
    actor.userId,
    {
      firstName: patch.first_name,
      lastName: patch.last_name,
      phone,
      sendNotification: patch.send_notification,
      locale: patch.locale,
    },
    ctx.clock.now(),
  );
  return loadSessionUser(ctx.db, actor.userId);
}
