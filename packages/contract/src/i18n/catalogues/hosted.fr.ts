// The hosted pages in French; every key of hosted.en.ts, checked by i18n-catalogues.test.ts.
import type { HostedKey } from './hosted.en.ts';

export const hostedFr: Record<HostedKey, string> = {
  'page.fieldsTitle': 'Paiement sécurisé',
  'page.fieldsLoading': 'Chargement du formulaire de paiement sécurisé…',
  'page.approvalTitle': 'Approuvez votre paiement',
  'page.approvalLoading': 'Chargement du paiement…',
  'page.returnTitle': 'Authentification du paiement',
  'approval.badge': 'Confirmation de paiement sécurisée',
  'approval.title': 'Confirmez votre paiement',
  'approval.merchant': 'Marchand',
  'approval.amount': 'Montant',
  'approval.description': 'Description',
  'approval.approve': 'Approuver',
  'approval.decline': 'Refuser',
  'approval.closesSoon': 'Cette fenêtre se ferme d’elle-même.',
  'approval.canClose': 'Vous pouvez fermer cette fenêtre.',
  'outcome.approved': 'Paiement approuvé.',
  'outcome.declined': 'Paiement refusé.',
  'outcome.alreadyApproved': 'Ce paiement a déjà été approuvé.',
  'outcome.alreadyDeclined': 'Ce paiement a déjà été refusé.',
  'outcome.notWaiting': 'Ce paiement n’attend plus d’approbation.',
  'outcome.pending': 'Votre banque confirme encore ce paiement.',
  'outcome.notFound': 'Ce paiement n’existe pas.',
  'error.generic': 'Une erreur s’est produite. Veuillez réessayer.',
  'error.unreachable': 'Impossible de joindre le serveur de paiement. Vérifiez votre connexion et réessayez.',
};
