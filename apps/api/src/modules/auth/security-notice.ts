// E-mails that tell a user their two-step sign-in changed. Sent after the change commits: a stolen
// session that turns the app off, or someone using a recovery code, is then seen by the owner of
// the mailbox (docs/ARCHITECTURE.md, the sign-in path).
import type { AppContext } from '../../context.ts';

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

const SUBJECTS: Record<SecurityEvent['kind'], string> = {
  totp_added: 'An authenticator app was added to your Kassa account',
  totp_removed: 'The authenticator app was removed from your Kassa account',
  recovery_codes_regenerated: 'Your Kassa recovery codes were regenerated',
  recovery_code_used: 'A recovery code was used to sign in to your Kassa account',
  passkey_added: 'A passkey was added to your Kassa account',
  passkey_renamed: 'A passkey of your Kassa account was renamed',
  passkey_removed: 'A passkey was removed from your Kassa account',
  session_signed_out: 'A device was signed out of your Kassa account',
  all_sessions_signed_out: 'Your Kassa account was signed out on other devices',
};

function body(event: SecurityEvent): string[] {
  switch (event.kind) {
    case 'totp_added':
      return ['An authenticator app was added to your account. From now on, signing in asks for a code from it.'];
    case 'totp_removed':
      return ['The authenticator app was removed from your account. Signing in asks for a code sent by e-mail again.'];
    case 'recovery_codes_regenerated':
      return ['New recovery codes were made for your account. The old ones no longer work.'];
    case 'recovery_code_used':
      return [
        'A recovery code was used to sign in to your account.',
        `${event.left} unused ${event.left === 1 ? 'code is' : 'codes are'} left.`,
      ];
    case 'passkey_added':
      return [`A passkey named "${event.name}" was added to your account. It can now sign you in.`];
    case 'passkey_renamed':
      return [`A passkey of your account was renamed to "${event.name}".`];
    case 'passkey_removed':
      return [`The passkey named "${event.name}" was removed from your account. It no longer signs you in.`];
    case 'session_signed_out':
      return [`Your account was signed out on one device (${event.device}).`];
    case 'all_sessions_signed_out':
      return [
        event.byAdmin
          ? 'An administrator signed your account out on every device. Sign in again to continue.'
          : `Your account was signed out on ${event.count} other ${event.count === 1 ? 'device' : 'devices'}.`,
      ];
  }
}

export async function mailSecurityNotice(
  ctx: AppContext,
  user: { email: string; firstName: string },
  event: SecurityEvent,
) {
  await ctx.mailer.send({
    to: user.email,
    subject: SUBJECTS[event.kind],
    text: [
      user.firstName ? `Hello ${user.firstName},` : 'Hello,',
      '',
      ...body(event),
      '',
      'If this was not you, change your password now and contact your administrator.',
    ].join('\n'),
  });
}
