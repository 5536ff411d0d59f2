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
  'apiError.money.atMost': 'Höchstens {amount}',
  'apiError.money.refundOver': 'Die Erstattung ist höher als die {amount}, die noch erstattet werden können.',
  'apiError.money.captureOver': 'Sie können höchstens die autorisierten {amount} einziehen.',
  'apiError.money.depositOver': 'Die Anzahlung ist höher als der Rechnungsbetrag von {amount}.',
  'apiError.productCurrency':
    'Das Produkt hat einen Preis in {productCurrency}; geben Sie einen Preis in {currency} ein',
  'apiError.cardExpiredAt': 'Diese Karte ist Ende {expiry} abgelaufen. Bitten Sie den Kunden um eine andere Karte.',
  'apiError.userEmailTaken':
    'Ein Benutzer mit der E-Mail-Adresse {email} existiert bereits. Verwenden Sie eine andere E-Mail-Adresse.',
  'apiError.masterIsSubMerchant': '{name} ist selbst ein Unterhändler und kann keine Unterhändler haben',
  'apiError.merchantRemoved': '{name} wurde entfernt und kann nicht mehr geändert werden.',
  'apiError.industryTypeExists': 'Eine Branche namens „{name}“ existiert bereits.',
  'apiError.atMostDays': 'Wählen Sie höchstens {days} Tage',
  'apiError.subMerchantsLeft':
    '{name} hat noch {count, plural, one {# Unterhändler} other {# Unterhändler}}. Entfernen Sie diese zuerst.',
  'apiError.industryTypeUsed.merchants':
    '„{name}“ wird von {merchants, plural, one {# Händler} other {# Händlern}} verwendet und kann nicht gelöscht werden.',
  'apiError.industryTypeUsed.connections':
    '„{name}“ wird von {connections, plural, one {# Finanzverbindung} other {# Finanzverbindungen}} verwendet und kann nicht gelöscht werden.',
  'apiError.industryTypeUsed.both':
    '„{name}“ wird von {merchants, plural, one {# Händler} other {# Händlern}} und {connections, plural, one {# Finanzverbindung} other {# Finanzverbindungen}} verwendet und kann nicht gelöscht werden.',
  'apiError.webhookUrl.https': 'Webhook-URLs müssen mit https:// beginnen',
  'apiError.webhookUrl.httpsOnly': 'Webhook-URLs müssen mit https:// beginnen.',
  'apiError.webhookUrl.httpsOrLocalhost': 'Webhook-URLs müssen mit https:// beginnen (http:// nur für localhost).',
  'apiError.webhookUrl.credentials': 'Webhook-URLs dürfen keinen Benutzernamen und kein Passwort enthalten.',
  'apiError.webhookUrl.notLocalhost': 'Webhook-URLs müssen auf eine öffentliche Adresse zeigen, nicht auf localhost.',
  'apiError.webhookUrl.hostNotFound': 'Der Hostname {host} wurde nicht gefunden.',
  'apiError.webhookUrl.notPublic': 'Webhook-URLs müssen auf eine öffentliche Adresse zeigen; {host} ist {address}.',
  'apiError.endpointOffTest': 'Dieser Endpunkt ist ausgeschaltet. Schalten Sie ihn ein, um einen Test zu senden.',
  'apiError.endpointOffRetry':
    'Dieser Endpunkt ist ausgeschaltet. Schalten Sie ihn ein, um seine Zustellungen erneut zu senden.',
  'apiError.webhookUrl.address.loopback': 'eine Loopback-Adresse',
  'apiError.webhookUrl.address.private': 'eine private Netzwerkadresse',
  'apiError.webhookUrl.address.linkLocal': 'eine Link-Local-Adresse',
  'apiError.webhookUrl.address.reserved': 'eine reservierte Adresse',
  'apiError.webhookUrl.address.metadata': 'die Metadaten-Adresse der Cloud',
  'apiError.webhookUrl.address.carrierNat': 'eine Carrier-Grade-NAT-Adresse',
  'apiError.webhookUrl.address.multicast': 'eine Multicast-Adresse',
  'apiError.webhookUrl.address.translated': 'eine in IPv4 übersetzte Adresse',
  'apiError.webhookUrl.address.notIp': 'keine IP-Adresse',
  'apiError.failure.replaced': 'Durch einen neuen Zahlungsversuch ersetzt, bevor die Zahlung bestätigt wurde.',
  'apiError.failure.authenticationLinkSent':
    'Die Bank des Karteninhabers möchte, dass der Kunde diese Zahlung bestätigt. Wir haben ihm per E-Mail einen Link geschickt, um sie selbst zu bezahlen.',
  'apiError.failure.interrupted':
    'Unterbrochen, bevor der Zahlungsdienstleister geantwortet hat; dem Käufer wurde nichts belastet.',
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
  'apiError.decline.other': 'Die Zahlung wurde abgelehnt. Der Zahlungsdienstleister meldete: „{reason}“',
};
