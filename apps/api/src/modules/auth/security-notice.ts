// E-mails that tell a user their two-step sign-in changed. Sent after the change commits: a stolen
// session that turns the app off, or someone using a recovery code, is then seen by the owner of
// the mailbox (docs/ARCHITECTURE.md, the sign-in path).
import type { AppContext } from '../../context.ts';

export type SecurityEvent =
  | { kind: 'totp_added' }
  | { kind: 'totp_removed' }
  | { kind: 'recovery_codes_regenerated' }
  | { kind: 'recovery_code_used'; left: number };

const SUBJECTS: Record<SecurityEvent['kind'], string> = {
  totp_added: 'An authenticator app was added to your Kassa account',
  totp_removed: 'The authenticator app was removed from your Kassa account',
  recovery_codes_regenerated: 'Your Kassa recovery codes were regenerated',
  recovery_code_used: 'A recovery code was used to sign in to your Kassa account',
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
