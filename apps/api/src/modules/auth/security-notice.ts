// E-mails that tell a user their two-step sign-in changed. Sent after the change commits: a stolen
// session that turns the app off, or someone using a recovery code, is then seen by the owner of
// the mailbox (docs/ARCHITECTURE.md, the sign-in path).
import type { EmailKey } from '@kassa/contract/i18n/catalogues/email.en';
import { emailTranslator } from '@kassa/contract/i18n/email-catalogue';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { AppContext } from '../../context.ts';
import { mailLines } from '../../lib/mail-body.ts';
import { findUserLocaleByEmail } from './auth-users.queries.ts';

export type SecurityEvent =
  | { kind: 'totp_added' }
  | { kind: 'totp_removed' }
  | { kind: 'recovery_codes_regenerated' }
  | { kind: 'recovery_code_used'; left: number }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_renamed'; name: string }
  | { kind: 'passkey_removed'; name: string }
  | { kind: 'session_signed_out'; device: string }
  | { kind: 'all_sessions_signed_out'; count: number; byAdmin: boolean };

const SUBJECTS: Record<SecurityEvent['kind'], EmailKey> = {
  totp_added: 'security.subject.totpAdded',
  totp_removed: 'security.subject.totpRemoved',
  recovery_codes_regenerated: 'security.subject.recoveryCodesRegenerated',
  recovery_code_used: 'security.subject.recoveryCodeUsed',
  passkey_added: 'security.subject.passkeyAdded',
  passkey_renamed: 'security.subject.passkeyRenamed',
  passkey_removed: 'security.subject.passkeyRemoved',
  session_signed_out: 'security.subject.sessionSignedOut',
  all_sessions_signed_out: 'security.subject.allSessionsSignedOut',
};

function body(t: Translate<EmailKey>, event: SecurityEvent): string[] {
  switch (event.kind) {
    case 'totp_added':
      return [t('security.totpAdded')];
    case 'totp_removed':
      return [t('security.totpRemoved')];
    case 'recovery_codes_regenerated':
      return [t('security.recoveryCodesRegenerated')];
    case 'recovery_code_used':
      return [t('security.recoveryCodeUsed'), t('security.recoveryCodesLeft', { left: event.left })];
    case 'passkey_added':
      return [t('security.passkeyAdded', { name: event.name })];
    case 'passkey_renamed':
      return [t('security.passkeyRenamed', { name: event.name })];
    case 'passkey_removed':
      return [t('security.passkeyRemoved', { name: event.name })];
    case 'session_signed_out':
      return [t('security.sessionSignedOut', { device: event.device })];
    case 'all_sessions_signed_out':
      return [
        event.byAdmin
          ? t('security.allSessionsSignedOutByAdmin')
          : t('security.allSessionsSignedOut', { count: event.count }),
      ];
  }
}

/** In the user's profile language (docs/i18n.md), English until they pick one. */
export async function mailSecurityNotice(
  ctx: AppContext,
  user: { email: string; firstName: string },
  event: SecurityEvent,
) {
  const { t } = emailTranslator(await findUserLocaleByEmail(ctx.db, user.email));
  await ctx.mailer.send({
    to: user.email,
    subject: t(SUBJECTS[event.kind]),
    ...mailLines([
      user.firstName ? t('mail.hello', { name: user.firstName }) : t('mail.helloNoName'),
      '',
      ...body(t, event),
      '',
      t('security.notYou'),
    ]),
  });
}
