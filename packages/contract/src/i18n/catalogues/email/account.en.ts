// The e-mails about a user's account (sign-in codes, password links, invitations, security events) in
// English (docs/i18n.md), spread into email.en.ts.
export const accountEmailEn = {
  'mail.hello': 'Hello {name},',
  'mail.helloNoName': 'Hello,',
  'signIn.subject': '{code} is your Kassa sign-in code',
  'signIn.code': 'Your Kassa sign-in code is {code}.',
  'signIn.valid': 'It is valid for {minutes} minutes and can be used once.',
  'signIn.notYou': 'If you did not try to sign in, change your password: someone knows it.',
  'reset.subject': 'Reset your Kassa password',
  'reset.intro': 'Someone asked to reset the password of your Kassa account. To choose a new one, open:',
  'reset.link': 'Choose a new password',
  'reset.expiry': 'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.',
  'invite.subject': 'You are invited to Kassa',
  'invite.introStaffAdmin':
    'You have been invited to Kassa as a staff administrator. To choose your password and sign in, open:',
  'invite.introOwner':
    'You have been invited to Kassa as the owner of {merchant}. To choose your password and sign in, open:',
  'invite.link': 'Choose your password',
  'invite.expiry':
    'The link works once and expires in 7 days. Ask your platform administrator for a new one if it has expired.',
  'merchantInvite.subject': 'You are invited to {merchant} on Kassa',
  'merchantInvite.intro': '{merchant} invited you to its Kassa account.',
  'merchantInvite.expiry': 'Set your password within {days} days with this link:',
  'merchantInvite.link': 'Set your password',
  'security.subject.totpAdded': 'An authenticator app was added to your Kassa account',
  'security.subject.totpRemoved': 'The authenticator app was removed from your Kassa account',
  'security.subject.recoveryCodesRegenerated': 'Your Kassa recovery codes were regenerated',
  'security.subject.recoveryCodeUsed': 'A recovery code was used to sign in to your Kassa account',
  'security.subject.passkeyAdded': 'A passkey was added to your Kassa account',
  'security.subject.passkeyRenamed': 'A passkey of your Kassa account was renamed',
  'security.subject.passkeyRemoved': 'A passkey was removed from your Kassa account',
  'security.subject.sessionSignedOut': 'A device was signed out of your Kassa account',
  'security.subject.allSessionsSignedOut': 'Your Kassa account was signed out on other devices',
  'security.totpAdded':
    'An authenticator app was added to your account. From now on, signing in asks for a code from it.',
  'security.totpRemoved':
    'The authenticator app was removed from your account. Signing in asks for a code sent by e-mail again.',
  'security.recoveryCodesRegenerated': 'New recovery codes were made for your account. The old ones no longer work.',
  'security.recoveryCodeUsed': 'A recovery code was used to sign in to your account.',
  'security.recoveryCodesLeft': '{left, plural, one {# unused code is left.} other {# unused codes are left.}}',
  'security.passkeyAdded': 'A passkey named "{name}" was added to your account. It can now sign you in.',
  'security.passkeyRenamed': 'A passkey of your account was renamed to "{name}".',
  'security.passkeyRemoved': 'The passkey named "{name}" was removed from your account. It no longer signs you in.',
  'security.sessionSignedOut': 'Your account was signed out on one device ({device}).',
  'security.allSessionsSignedOutByAdmin':
    'An administrator signed your account out on every device. Sign in again to continue.',
  'security.allSessionsSignedOut':
    '{count, plural, one {Your account was signed out on # other device.} other {Your account was signed out on # other devices.}}',
  'security.notYou': 'If this was not you, change your password now and contact your administrator.',
} as const;

export type AccountEmailKey = keyof typeof accountEmailEn;
