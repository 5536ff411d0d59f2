// Why a card was declined, as a buyer reads it in French; every key of declines.en.ts.
import type { DeclinesKey } from './declines.en.ts';

export const declinesFr: Record<DeclinesKey, string> = {
  'decline.card_declined': 'Votre carte a été refusée. Essayez une autre carte.',
  'decline.do_not_honor': 'Votre banque a refusé le paiement. Contactez votre banque ou utilisez une autre carte.',
  'decline.insufficient_funds': 'Le solde de votre carte est insuffisant. Essayez une autre carte.',
  'decline.authentication_required': 'Votre banque vous demande de confirmer ce paiement. Veuillez réessayer.',
  'decline.authentication_failed': 'Le paiement n’a pas pu être confirmé auprès de votre banque. Veuillez réessayer.',
  'decline.expired_card': 'Votre carte a expiré. Utilisez une autre carte.',
  'decline.incorrect_number': 'Le numéro de carte est incorrect. Vérifiez-le et réessayez.',
  'decline.incorrect_cvc': 'Le code de sécurité est incorrect. Vérifiez-le et réessayez.',
  'decline.card_velocity_exceeded':
    'Trop de paiements avec cette carte pour le moment. Réessayez plus tard ou utilisez une autre carte.',
  'decline.fraudulent': 'Le paiement a été refusé. Utilisez une autre carte ou contactez votre banque.',
  'decline.transaction_not_allowed':
    'Cette carte ne peut pas être utilisée pour ce paiement. Utilisez une autre carte.',
  'decline.issuer_unavailable': 'Votre banque n’a pas pu être jointe. Veuillez réessayer plus tard.',
  'decline.canceled': 'Le paiement a été annulé.',
  'decline.invalid_expiry': 'La date d’expiration n’est pas valide. Vérifiez-la et réessayez.',
  'decline.postal_code': 'Le code postal ne correspond pas à la carte. Vérifiez-le et réessayez.',
  'decline.details_not_accepted':
    'Les données de la carte n’ont pas été acceptées. Vérifiez le numéro de carte, la date d’expiration et le code de sécurité.',
  'decline.test_card_live': 'Une carte de test ne peut pas payer ici. Utilisez une vraie carte.',
  'decline.unsupported_action':
    'Votre banque demande une étape de confirmation que cette page ne peut pas afficher. Utilisez une autre carte.',
  'decline.save_needs_authentication':
    'Votre banque veut que vous confirmiez cette carte avant qu’elle soit enregistrée. Enregistrez-la plutôt lors d’un paiement.',
  'decline.interrupted':
    'Le paiement a été interrompu avant la réponse de votre banque. Rien n’a été débité. Veuillez réessayer.',
  'decline.other': 'Votre carte a été refusée. Le service de paiement a indiqué : « {reason} »',
};
