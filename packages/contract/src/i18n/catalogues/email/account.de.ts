// The account e-mails in German; every key of account.en.ts, checked by i18n-catalogues.test.ts.
import type { AccountEmailKey } from './account.en.ts';

export const accountEmailDe: Record<AccountEmailKey, string> = {
  'mail.hello': 'Hallo {name},',
  'mail.helloNoName': 'Hallo,',
  'signIn.subject': '{code} ist Ihr Kassa-Anmeldecode',
  'signIn.code': 'Ihr Kassa-Anmeldecode lautet {code}.',
  'signIn.valid': 'Er ist {minutes} Minuten lang gültig und kann einmal verwendet werden.',
  'signIn.notYou': 'Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort: Jemand kennt es.',
  'reset.subject': 'Setzen Sie Ihr Kassa-Passwort zurück',
  'reset.intro':
    'Jemand hat angefordert, das Passwort Ihres Kassa-Kontos zurückzusetzen. Um ein neues zu wählen, öffnen Sie:',
  'reset.link': 'Neues Passwort wählen',
  'reset.expiry':
    'Der Link funktioniert einmal und läuft in 1 Stunde ab. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  'invite.subject': 'Sie sind zu Kassa eingeladen',
  'invite.introStaffAdmin':
    'Sie wurden als Mitarbeiter-Administrator zu Kassa eingeladen. Um Ihr Passwort zu wählen und sich anzumelden, öffnen Sie:',
  'invite.introOwner':
    'Sie wurden als Inhaber von {merchant} zu Kassa eingeladen. Um Ihr Passwort zu wählen und sich anzumelden, öffnen Sie:',
  'invite.link': 'Passwort wählen',
  'invite.expiry':
    'Der Link funktioniert einmal und läuft in 7 Tagen ab. Ist er abgelaufen, bitten Sie Ihren Plattform-Administrator um einen neuen.',
  'merchantInvite.subject': 'Sie sind zu {merchant} auf Kassa eingeladen',
  'merchantInvite.intro': '{merchant} hat Sie zu seinem Kassa-Konto eingeladen.',
  'merchantInvite.expiry': 'Legen Sie Ihr Passwort innerhalb von {days} Tagen über diesen Link fest:',
  'merchantInvite.link': 'Passwort festlegen',
  'security.subject.totpAdded': 'Eine Authenticator-App wurde zu Ihrem Kassa-Konto hinzugefügt',
  'security.subject.totpRemoved': 'Die Authenticator-App wurde von Ihrem Kassa-Konto entfernt',
  'security.subject.recoveryCodesRegenerated': 'Ihre Kassa-Wiederherstellungscodes wurden neu erstellt',
  'security.subject.recoveryCodeUsed': 'Mit einem Wiederherstellungscode wurde sich bei Ihrem Kassa-Konto angemeldet',
  'security.subject.passkeyAdded': 'Ein Passkey wurde zu Ihrem Kassa-Konto hinzugefügt',
  'security.subject.passkeyRenamed': 'Ein Passkey Ihres Kassa-Kontos wurde umbenannt',
  'security.subject.passkeyRemoved': 'Ein Passkey wurde von Ihrem Kassa-Konto entfernt',
  'security.subject.sessionSignedOut': 'Ein Gerät wurde von Ihrem Kassa-Konto abgemeldet',
  'security.subject.allSessionsSignedOut': 'Ihr Kassa-Konto wurde auf anderen Geräten abgemeldet',
  'security.totpAdded':
    'Eine Authenticator-App wurde zu Ihrem Konto hinzugefügt. Ab jetzt fragt die Anmeldung nach einem Code aus dieser App.',
  'security.totpRemoved':
    'Die Authenticator-App wurde von Ihrem Konto entfernt. Die Anmeldung fragt wieder nach einem Code per E-Mail.',
  'security.recoveryCodesRegenerated':
    'Für Ihr Konto wurden neue Wiederherstellungscodes erstellt. Die alten funktionieren nicht mehr.',
  'security.recoveryCodeUsed': 'Mit einem Wiederherstellungscode wurde sich bei Ihrem Konto angemeldet.',
  'security.recoveryCodesLeft':
    '{left, plural, one {# unbenutzter Code ist übrig.} other {# unbenutzte Codes sind übrig.}}',
  'security.passkeyAdded':
    'Ein Passkey namens „{name}“ wurde zu Ihrem Konto hinzugefügt. Mit ihm können Sie sich jetzt anmelden.',
  'security.passkeyRenamed': 'Ein Passkey Ihres Kontos wurde in „{name}“ umbenannt.',
  'security.passkeyRemoved':
    'Der Passkey namens „{name}“ wurde von Ihrem Konto entfernt. Mit ihm ist keine Anmeldung mehr möglich.',
  'security.sessionSignedOut': 'Ihr Konto wurde auf einem Gerät abgemeldet ({device}).',
  'security.allSessionsSignedOutByAdmin':
    'Ein Administrator hat Ihr Konto auf allen Geräten abgemeldet. Melden Sie sich erneut an, um fortzufahren.',
  'security.allSessionsSignedOut':
    '{count, plural, one {Ihr Konto wurde auf # anderen Gerät abgemeldet.} other {Ihr Konto wurde auf # anderen Geräten abgemeldet.}}',
  'security.notYou':
    'Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort und wenden Sie sich an Ihren Administrator.',
};
