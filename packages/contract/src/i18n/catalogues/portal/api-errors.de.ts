// The German words of the API's error messages and decline reasons the portal shows; every key of api-errors.en.ts, checked by i18n-catalogues.test.ts.
import type { ApiErrorsKey } from './api-errors.en.ts';

export const apiErrorsDe: Record<ApiErrorsKey, string> = {
  'apiError.timeout': 'Der Server hat zu lange nicht geantwortet. Bitte versuchen Sie es erneut.',
  'apiError.network': 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'apiError.offline': 'Sie sind offline. Stellen Sie die Internetverbindung wieder her und versuchen Sie es erneut.',
  'apiError.code.invalid_input': 'Einige Angaben sind ungültig. Prüfen Sie das Formular und versuchen Sie es erneut.',
  'apiError.code.unauthorized': 'Bitte melden Sie sich erneut an.',
  'apiError.code.forbidden': 'Dazu fehlt Ihnen die Berechtigung.',
  'apiError.code.second_factor_required':
    'Ihre Organisation verlangt eine Authenticator-App oder einen Passkey. Richten Sie eines davon ein, um fortzufahren.',
  'apiError.code.not_found': 'Dieser Eintrag existiert nicht oder wurde gelöscht.',
  'apiError.code.payload_too_large': 'Die gesendeten Daten sind zu groß.',
  'apiError.code.rate_limited': 'Zu viele Versuche. Warten Sie einen Moment und versuchen Sie es erneut.',
  'apiError.code.internal': 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  'apiError.sessionExpired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'apiError.sessionEnded': 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
  'apiError.signInToContinue': 'Melden Sie sich an, um fortzufahren.',
  'apiError.wrongCredentials': 'E-Mail-Adresse oder Passwort ist falsch.',
  'apiError.accountDeactivated': 'Dieses Konto ist deaktiviert. Wenden Sie sich an Ihren Administrator.',
  'apiError.merchantBlocked': 'Dieses Händlerkonto ist gesperrt. Wenden Sie sich an den Plattform-Administrator.',
  'apiError.wrongCode': 'Dieser Code ist falsch. Prüfen Sie die Uhrzeit auf Ihrem Telefon und versuchen Sie es erneut.',
  'apiError.wrongCodeTries': 'Dieser Code ist falsch. {tries, plural, one {Noch # Versuch} other {Noch # Versuche}}.',
  'apiError.codeReused': 'Dieser Code wurde bereits verwendet. Warten Sie auf den nächsten Code in Ihrer App.',
  'apiError.codeAlreadyUsed': 'Dieser Code wurde bereits verwendet. Bitte melden Sie sich erneut an.',
  'apiError.codeGone': 'Dieser Code ist nicht mehr gültig. Bitte melden Sie sich erneut an.',
  'apiError.codeExpired': 'Dieser Code ist abgelaufen. Fordern Sie einen neuen Code an oder melden Sie sich erneut an.',
  'apiError.tooManyWrongCodes': 'Zu viele falsche Codes. Bitte melden Sie sich erneut an.',
  'apiError.tooManyCodesSent': 'Es wurden zu viele Codes gesendet. Bitte melden Sie sich erneut an.',
  'apiError.waitForCode': 'Warten Sie {seconds} Sekunden, bevor Sie einen neuen Code anfordern.',
  'apiError.signInExpired': 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'apiError.useAppOrRecovery':
    'Dieses Konto meldet sich mit seiner Authenticator-App oder einem Wiederherstellungscode an.',
  'apiError.noAuthenticatorApp':
    'Dieses Konto hat keine Authenticator-App. Verwenden Sie den per E-Mail gesendeten Code.',
  'apiError.passwordWrong': 'Das Passwort ist falsch.',
  'apiError.currentPasswordWrong': 'Das aktuelle Passwort ist falsch.',
  'apiError.passwordSame': 'Wählen Sie ein anderes Passwort als das aktuelle.',
  'apiError.linkGone': 'Dieser Link ist ungültig oder abgelaufen. Fordern Sie einen neuen an.',
  'apiError.lastFactor':
    'Ihre Organisation verlangt eine Authenticator-App oder einen Passkey, und dies ist Ihr letzter. Fügen Sie einen weiteren hinzu, bevor Sie ihn entfernen.',
  'apiError.totpAlreadySetUp':
    'Es ist bereits eine Authenticator-App eingerichtet. Entfernen Sie sie zuerst, um eine andere einzurichten.',
  'apiError.totpNotPending': 'Diese Einrichtung ist nicht mehr offen. Beginnen Sie von vorn.',
  'apiError.totpStartFirst': 'Beginnen Sie zuerst mit der Einrichtung der Authenticator-App.',
  'apiError.passkeyPromptGone':
    'Diese Passkey-Anfrage ist abgelaufen oder wurde bereits verwendet. Versuchen Sie es erneut.',
  'apiError.passkeyNotAccepted':
    'Dieser Passkey konnte nicht geprüft werden. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
  'apiError.passkeyUnknown': 'Dieser Passkey ist bei Kassa nicht registriert. Melden Sie sich mit Ihrem Passwort an.',
  'apiError.passkeyAlreadyRegistered': 'Dieser Passkey ist bereits registriert.',
  'apiError.passkeyNotAdded': 'Der Passkey konnte nicht hinzugefügt werden. Versuchen Sie es erneut.',
  'apiError.decline.card_declined': 'Die Karte wurde abgelehnt.',
  'apiError.decline.do_not_honor':
    'Die kartenausgebende Bank hat die Zahlung abgelehnt. Der Karteninhaber sollte seine Bank fragen.',
  'apiError.decline.insufficient_funds': 'Die Karte ist nicht ausreichend gedeckt.',
  'apiError.decline.authentication_required':
    'Die kartenausgebende Bank verlangt, dass der Karteninhaber die Zahlung bestätigt.',
  'apiError.decline.authentication_failed': 'Der Karteninhaber hat die Bestätigung nicht abgeschlossen.',
  'apiError.decline.expired_card': 'Die Karte ist abgelaufen.',
  'apiError.decline.incorrect_number': 'Die Kartennummer ist falsch.',
  'apiError.decline.incorrect_cvc': 'Der Sicherheitscode ist falsch.',
  'apiError.decline.card_velocity_exceeded': 'Mit dieser Karte wurden vorerst zu viele Zahlungen getätigt.',
  'apiError.decline.fraudulent': 'Die Zahlung wurde als wahrscheinlicher Betrug abgelehnt.',
  'apiError.decline.transaction_not_allowed': 'Diese Karte kann für diese Art von Zahlung nicht verwendet werden.',
  'apiError.decline.issuer_unavailable':
    'Die kartenausgebende Bank war nicht erreichbar. Versuchen Sie es später erneut.',
  'apiError.decline.canceled': 'Die Zahlung wurde abgebrochen.',
};
