// The merchant's own e-mails in French; every key of operator.en.ts, checked by i18n-catalogues.test.ts.
import type { OperatorEmailKey } from './operator.en.ts';

export const operatorEmailFr: Record<OperatorEmailKey, string> = {
  'newPayment.subject': 'Nouveau paiement : {amount} de {buyer}',
  'newPayment.intro': '{merchant} a reçu un paiement.',
  'row.buyer': 'Acheteur',
  'row.transaction': 'Transaction',
  'dispute.subject': 'Litige ouvert : paiement de {amount} de {buyer}',
  'dispute.intro': 'La banque de l’acheteur a ouvert un litige (rétrofacturation) sur un paiement à {merchant}.',
  'dispute.closing':
    'Répondez-y avec des preuves dans le tableau de bord de votre prestataire de paiement avant son échéance.',
  'adyenDispute.subject': 'Un paiement a été contesté ({amount})',
  'adyenDispute.intro':
    'La banque de l’acheteur a contesté le paiement {id} de {amount} (référence Adyen {reference}).',
  'adyenDispute.reason': 'Code motif : {code}.',
  'adyenDispute.unknown': 'inconnu',
  'adyenDispute.closing':
    'Ouvrez la transaction dans Kassa pour voir son historique, et répondez au litige dans l’Adyen Customer Area avant son échéance.',
  'webhookOff.subject': 'Un endpoint de webhook a été désactivé',
  'webhookOff.intro': 'Kassa a désactivé cet endpoint de webhook :',
  'webhookOff.closing':
    'Les événements ne lui sont plus envoyés. Corrigez le récepteur, puis réactivez l’endpoint sur la page Développeurs de Kassa (Paramètres) ; les envois en attente partent alors, et ceux qui ont échoué peuvent être relancés depuis le journal des envois.',
};
