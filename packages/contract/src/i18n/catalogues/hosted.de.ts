// The hosted pages in German; every key of hosted.en.ts, checked by i18n-catalogues.test.ts.
import type { HostedKey } from './hosted.en.ts';

export const hostedDe: Record<HostedKey, string> = {
  'page.fieldsTitle': 'Sichere Zahlung',
  'page.fieldsLoading': 'Das sichere Zahlungsformular wird geladen …',
  'page.approvalTitle': 'Zahlung freigeben',
  'page.approvalLoading': 'Die Zahlung wird geladen …',
  'page.returnTitle': 'Zahlungsauthentifizierung',
  'approval.badge': 'Sichere Zahlungsbestätigung',
  'approval.title': 'Bestätigen Sie Ihre Zahlung',
  'approval.merchant': 'Händler',
  'approval.amount': 'Betrag',
  'approval.description': 'Beschreibung',
  'approval.approve': 'Freigeben',
  'approval.decline': 'Ablehnen',
  'approval.closesSoon': 'Dieses Fenster schließt sich von selbst.',
  'approval.canClose': 'Sie können dieses Fenster schließen.',
  'outcome.approved': 'Zahlung freigegeben.',
  'outcome.declined': 'Zahlung abgelehnt.',
  'outcome.alreadyApproved': 'Diese Zahlung wurde bereits freigegeben.',
  'outcome.alreadyDeclined': 'Diese Zahlung wurde bereits abgelehnt.',
  'outcome.notWaiting': 'Diese Zahlung wartet nicht mehr auf eine Freigabe.',
  'outcome.pending': 'Ihre Bank bestätigt diese Zahlung noch.',
  'outcome.notFound': 'Diese Zahlung existiert nicht.',
  'error.generic': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  'error.unreachable':
    'Der Zahlungsserver ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
};
