// The German words of texts the contract and the API supply; every key of contract-texts.en.ts, checked by i18n-catalogues.test.ts.
import type { ContractTextsKey } from './contract-texts.en.ts';

export const contractTextsDe: Record<ContractTextsKey, string> = {
  'developers.scope.products.read': 'Produkte auflisten und lesen',
  'developers.scope.products.write': 'Produkte anlegen, ändern und löschen',
  'developers.scope.payment_links.read': 'Schnellzahlungen (Zahlungslinks) auflisten und lesen',
  'developers.scope.payment_links.write': 'Schnellzahlungen (Zahlungslinks) anlegen, ändern und löschen',
  'developers.scope.invoices.read': 'Rechnungen auflisten und lesen',
  'developers.scope.invoices.write': 'Rechnungen anlegen, senden, ändern und löschen',
  'developers.scope.customers.read': 'Kunden im Modus des Schlüssels auflisten und lesen',
  'developers.scope.customers.write': 'Kunden im Modus des Schlüssels anlegen, ändern und löschen',
  'developers.scope.prices.read': 'Preise im Modus des Schlüssels auflisten und lesen',
  'developers.scope.prices.write': 'Preise im Modus des Schlüssels anlegen und archivieren',
  'developers.scope.subscriptions.read': 'Abonnements und Testuhren im Modus des Schlüssels auflisten und lesen',
  'developers.scope.subscriptions.write':
    'Abonnements anlegen, ändern, pausieren, fortsetzen und kündigen sowie Testuhren laufen lassen (Testschlüssel)',
  'developers.scope.transactions.read': 'Transaktionen im Modus des Schlüssels auflisten, exportieren und lesen',
  'developers.scope.payments.write':
    'Gespeicherte Karten von Kunden im Modus des Schlüssels belasten (händlerinitiierte Zahlungen)',
  'developers.scope.refunds.write': 'Transaktionen im Modus des Schlüssels erstatten, erfassen und stornieren',
  'developers.scope.webhooks.write': 'Webhook-Endpunkte und ihre Zustellungen verwalten',
  'developers.scope.embed.write': 'Einmalige Sitzungen für das eingebettete Portal erzeugen',
  'developers.localReceiverHint':
    'Um Webhooks auf diesem Rechner auszuprobieren, starten Sie Kassa mit {setting} und verwenden Sie einen Empfänger unter {url}; klicken Sie dann auf „Testereignis senden“.',
  'developers.event.payment.succeeded': 'Eine Zahlung wurde bei ihrer Ausführung erfasst.',
  'developers.event.payment.failed': 'Eine Zahlung wurde abgelehnt oder ist fehlgeschlagen.',
  'developers.event.payment.refunded':
    'Eine Erstattung wurde ausgeführt (ein Ereignis pro Erstattung), mit dem erstatteten Betrag und den neuen Summen.',
  'developers.event.payment.captured': 'Eine autorisierte Zahlung wurde erfasst (ganz oder teilweise).',
  'developers.event.payment.voided': 'Eine autorisierte Zahlung wurde storniert; der Käufer wurde nicht belastet.',
  'developers.event.invoice.created':
    'Eine Rechnung wurde durch eine wiederkehrende Rechnung (jedes Mal) oder ein Abonnement (jeden Zeitraum) erstellt, bevor sie gesendet oder belastet wird.',
  'developers.event.invoice.sent': 'Eine Rechnung wurde an ihren Kunden gesendet.',
  'developers.event.invoice.partially_paid':
    'Ein Teil einer Rechnung wurde bezahlt (eine Anzahlung oder Teilzahlung); ein Restbetrag bleibt offen.',
  'developers.event.invoice.paid': 'Eine Rechnung wurde bezahlt: Der offene Betrag ist null.',
  'developers.event.invoice.voided': 'Eine gesendete Rechnung wurde storniert; ihr Link funktioniert nicht mehr.',
  'developers.event.customer.created': 'Ein Kunde wurde angelegt.',
  'developers.event.customer.updated': 'Die Angaben eines Kunden wurden geändert.',
  'developers.event.customer.deleted': 'Ein Kunde wurde gelöscht.',
  'developers.event.payment_method.attached': 'Für einen Kunden wurde eine Karte gespeichert.',
  'developers.event.payment_method.detached': 'Eine gespeicherte Karte wurde bei einem Kunden entfernt.',
  'developers.event.subscription.created': 'Ein Abonnement wurde angelegt.',
  'developers.event.subscription.updated':
    'Ein Abonnement hat sich geändert: Status, Preis, Menge, Zeitraum oder Karte.',
  'developers.event.subscription.canceled': 'Ein Abonnement wurde beendet.',
  'developers.event.subscription.past_due':
    'Eine Verlängerung eines Abonnements ist fehlgeschlagen; erneute Versuche folgen dem Zeitplan des Händlers.',
  'developers.event.customer.subscription.trial_will_end': 'Die Testphase eines Abonnements endet in drei Tagen.',
  'developers.event.invoice.payment_failed':
    'Die Belastung für die Rechnung eines Abonnements ist fehlgeschlagen (jeder Versuch sendet eines).',
  'developers.event.test.ping': 'Gesendet von „Test senden“; nur an den getesteten Endpunkt.',
  'paymentConnections.providerText.sandbox':
    'Kartenabwickler im Testmodus mit den dokumentierten Testkarten. Es fließt kein echtes Geld.',
  'paymentConnections.providerText.sandbox_gift_card':
    'Geschenkkarten mit Code, PIN und Guthaben; Teileinlösung möglich.',
  'paymentConnections.providerText.sandbox_wallet':
    'Eine Wallet- bzw. Bank-Weiterleitungsmethode: Der Käufer bestätigt jede Zahlung auf einer Freigabeseite.',
  'paymentConnections.providerText.sandbox_anti_fraud':
    'Häufigkeit pro Karte und E-Mail, Betragsobergrenze und Länderprüfung: freigeben, prüfen oder ablehnen.',
  'paymentConnections.providerText.stripe':
    'Karten über Stripe PaymentIntents: autorisieren und erfassen, Erstattungen, 3-D Secure, Rückbuchungen per Webhook. Test- oder Livemodus je nach Schlüssel.',
  'paymentConnections.providerText.adyen':
    'Kartenzahlungen über Adyen Checkout: autorisieren und später erfassen, Erstattungen, 3-D Secure, signierte Webhooks.',
  'paymentConnections.credentialLabel.account_id': 'Konto-ID',
  'paymentConnections.credentialLabel.secret_key': 'Geheimer Schlüssel',
  'paymentConnections.credentialLabel.merchant_id': 'Händler-ID der Wallet',
  'paymentConnections.credentialLabel.webhook_secret': 'Signaturgeheimnis für Webhooks (optional)',
  'paymentConnections.credentialLabel.api_key': 'API-Schlüssel',
  'paymentConnections.credentialLabel.merchant_account': 'Händlerkonto',
  'paymentConnections.credentialLabel.environment': 'Umgebung',
  'paymentConnections.credentialLabel.hmac_key': 'HMAC-Schlüssel für Webhooks',
  'paymentConnections.credentialLabel.live_endpoint_prefix': 'Präfix des Live-Endpunkts (nur LIVE)',
  'audit.action.admin_user.created': 'Admin-Benutzer angelegt',
  'audit.action.admin_user.updated': 'Admin-Benutzer geändert',
  'audit.action.product.activated': 'Produkt aktiviert',
  'audit.action.product.deactivated': 'Produkt deaktiviert',
  'audit.action.industry_type.created': 'Branche angelegt',
  'audit.action.industry_type.updated': 'Branche geändert',
  'audit.action.industry_type.deleted': 'Branche gelöscht',
  'audit.action.transaction.refund': 'Erstattung',
  'audit.action.user.invited': 'Benutzer eingeladen',
  'audit.action.user.updated': 'Benutzer geändert',
  'audit.action.user.disabled': 'Benutzer deaktiviert',
  'audit.action.user.access_updated': 'Zugriff des Benutzers geändert',
  'audit.action.password.invite_accepted': 'Einladung angenommen',
  'audit.action.password.reset': 'Passwort zurückgesetzt',
  'audit.action.password.changed': 'Passwort geändert',
  'audit.action.api_key.created': 'API-Schlüssel erstellt',
  'audit.action.api_key.rolled': 'API-Schlüssel erneuert',
  'audit.action.api_key.deleted': 'API-Schlüssel gelöscht',
  'audit.action.api_key.request': 'Änderung mit einem API-Schlüssel',
  'audit.action.embed.session_minted': 'Einbettungssitzung erstellt',
  'audit.action.embed.session_started': 'Eingebettetes Portal geöffnet',
};
