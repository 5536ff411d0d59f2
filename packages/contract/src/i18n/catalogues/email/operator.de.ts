// The merchant's own e-mails in German; every key of operator.en.ts, checked by i18n-catalogues.test.ts.
import type { OperatorEmailKey } from './operator.en.ts';

export const operatorEmailDe: Record<OperatorEmailKey, string> = {
  'newPayment.subject': 'Neue Zahlung: {amount} von {buyer}',
  'newPayment.intro': '{merchant} hat eine Zahlung erhalten.',
  'row.buyer': 'Käufer',
  'row.transaction': 'Transaktion',
  'dispute.subject': 'Anfechtung eröffnet: Zahlung über {amount} von {buyer}',
  'dispute.intro': 'Die Bank des Käufers hat eine Zahlung an {merchant} angefochten (Rückbuchung).',
  'dispute.closing': 'Reagieren Sie vor Ablauf der Frist mit Nachweisen im Dashboard Ihres Zahlungsanbieters.',
  'adyenDispute.subject': 'Eine Zahlung wurde angefochten ({amount})',
  'adyenDispute.intro':
    'Die Bank des Käufers hat die Zahlung {id} über {amount} angefochten (Adyen-Referenz {reference}).',
  'adyenDispute.reason': 'Grundcode: {code}.',
  'adyenDispute.unknown': 'unbekannt',
  'adyenDispute.closing':
    'Öffnen Sie die Transaktion in Kassa, um ihren Verlauf zu sehen, und reagieren Sie vor Ablauf der Frist in der Adyen Customer Area auf die Anfechtung.',
  'webhookOff.subject': 'Ein Webhook-Endpunkt wurde deaktiviert',
  'webhookOff.intro': 'Kassa hat diesen Webhook-Endpunkt deaktiviert:',
  'webhookOff.closing':
    'Es werden keine Ereignisse mehr an ihn gesendet. Beheben Sie den Fehler beim Empfänger und aktivieren Sie den Endpunkt dann auf der Entwicklerseite in Kassa (Einstellungen) wieder; wartende Zustellungen gehen dann hinaus, fehlgeschlagene können im Zustellprotokoll erneut versucht werden.',
};
