// The French words of the API's error messages and decline reasons the portal shows; every key of api-errors.en.ts, checked by i18n-catalogues.test.ts.
import type { ApiErrorsKey } from './api-errors.en.ts';

export const apiErrorsFr: Record<ApiErrorsKey, string> = {
  'apiError.timeout': 'Le serveur a mis trop de temps à répondre. Veuillez réessayer.',
  'apiError.network': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'apiError.offline': 'Vous êtes hors ligne. Reconnectez-vous à Internet et réessayez.',
  'apiError.code.invalid_input': 'Certaines valeurs ne sont pas valides. Vérifiez le formulaire et réessayez.',
  'apiError.code.unauthorized': 'Veuillez vous reconnecter.',
  'apiError.code.forbidden': 'Vous n’avez pas l’autorisation de faire cela.',
  'apiError.code.second_factor_required':
    'Votre organisation exige une application d’authentification ou une clé d’accès. Configurez-en une pour continuer.',
  'apiError.code.not_found': 'Cet élément n’existe pas ou a été supprimé.',
  'apiError.code.payload_too_large': 'Ce que vous avez envoyé est trop volumineux.',
  'apiError.code.rate_limited': 'Trop de tentatives. Patientez un instant et réessayez.',
  'apiError.code.internal': 'Une erreur s’est produite de notre côté. Veuillez réessayer.',
  'apiError.sessionExpired': 'Votre session a expiré. Veuillez vous reconnecter.',
  'apiError.sessionEnded': 'Votre session a pris fin. Veuillez vous reconnecter.',
  'apiError.signInToContinue': 'Connectez-vous pour continuer.',
  'apiError.wrongCredentials': 'Adresse e-mail ou mot de passe incorrect.',
  'apiError.accountDeactivated': 'Ce compte est désactivé. Contactez votre administrateur.',
  'apiError.merchantBlocked': 'Ce compte marchand est bloqué. Contactez l’administrateur de la plateforme.',
  'apiError.wrongCode': 'Ce code est incorrect. Vérifiez l’heure de votre téléphone et réessayez.',
  'apiError.wrongCodeTries': 'Ce code est incorrect. {tries, plural, one {# essai restant} other {# essais restants}}.',
  'apiError.codeReused': 'Ce code a déjà été utilisé. Attendez le code suivant dans votre application.',
  'apiError.codeAlreadyUsed': 'Ce code a déjà été utilisé. Veuillez vous reconnecter.',
  'apiError.codeGone': 'Ce code n’est plus valable. Veuillez vous reconnecter.',
  'apiError.codeExpired': 'Ce code a expiré. Demandez un nouveau code ou reconnectez-vous.',
  'apiError.tooManyWrongCodes': 'Trop de codes erronés. Veuillez vous reconnecter.',
  'apiError.tooManyCodesSent': 'Trop de codes ont été envoyés. Veuillez vous reconnecter.',
  'apiError.waitForCode': 'Attendez {seconds} secondes avant de demander un nouveau code.',
  'apiError.signInExpired': 'Cette connexion a expiré. Veuillez vous reconnecter.',
  'apiError.useAppOrRecovery':
    'Ce compte se connecte avec son application d’authentification ou un code de récupération.',
  'apiError.noAuthenticatorApp':
    'Ce compte n’a pas d’application d’authentification. Utilisez le code envoyé par e-mail.',
  'apiError.passwordWrong': 'Le mot de passe est incorrect.',
  'apiError.currentPasswordWrong': 'Le mot de passe actuel est incorrect.',
  'apiError.passwordSame': 'Choisissez un mot de passe différent de l’actuel.',
  'apiError.linkGone': 'Ce lien n’est pas valable ou a expiré. Demandez-en un nouveau.',
  'apiError.lastFactor':
    'Votre organisation exige une application d’authentification ou une clé d’accès, et c’est votre dernière. Ajoutez-en une autre avant de la supprimer.',
  'apiError.totpAlreadySetUp':
    'Une application d’authentification est déjà configurée. Supprimez-la d’abord pour en configurer une autre.',
  'apiError.totpNotPending': 'Cette configuration n’est plus en attente. Recommencez.',
  'apiError.totpStartFirst': 'Commencez d’abord la configuration de l’application d’authentification.',
  'apiError.passkeyPromptGone': 'Cette demande de clé d’accès a expiré ou a déjà été utilisée. Réessayez.',
  'apiError.passkeyNotAccepted':
    'Cette clé d’accès n’a pas pu être vérifiée. Réessayez ou connectez-vous avec votre mot de passe.',
  'apiError.passkeyUnknown':
    'Cette clé d’accès n’est pas enregistrée chez Kassa. Connectez-vous avec votre mot de passe.',
  'apiError.passkeyAlreadyRegistered': 'Cette clé d’accès est déjà enregistrée.',
  'apiError.passkeyNotAdded': 'La clé d’accès n’a pas pu être ajoutée. Réessayez.',
  'apiError.decline.card_declined': 'La carte a été refusée.',
  'apiError.decline.do_not_honor':
    'L’émetteur de la carte a refusé le paiement. Le titulaire doit contacter sa banque.',
  'apiError.decline.insufficient_funds': 'Les fonds de la carte sont insuffisants.',
  'apiError.decline.authentication_required': 'L’émetteur de la carte demande au titulaire d’authentifier le paiement.',
  'apiError.decline.authentication_failed': 'Le titulaire de la carte n’a pas terminé l’authentification.',
  'apiError.decline.expired_card': 'La carte a expiré.',
  'apiError.decline.incorrect_number': 'Le numéro de carte est incorrect.',
  'apiError.decline.incorrect_cvc': 'Le code de sécurité est incorrect.',
  'apiError.decline.card_velocity_exceeded': 'Trop de paiements avec cette carte pour le moment.',
  'apiError.decline.fraudulent': 'Le paiement a été refusé comme probablement frauduleux.',
  'apiError.decline.transaction_not_allowed': 'Cette carte ne peut pas être utilisée pour ce type de paiement.',
  'apiError.decline.issuer_unavailable': 'L’émetteur de la carte est injoignable. Réessayez plus tard.',
  'apiError.decline.canceled': 'Le paiement a été annulé.',
};
