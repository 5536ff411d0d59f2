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
  'apiError.money.atMost': '{amount} au maximum',
  'apiError.money.refundOver': 'Le remboursement dépasse les {amount} qui peuvent encore être remboursés.',
  'apiError.money.captureOver': 'Vous pouvez capturer au maximum les {amount} autorisés.',
  'apiError.money.depositOver': 'L’acompte dépasse le total de la facture de {amount}.',
  'apiError.productCurrency': 'Le prix du produit est en {productCurrency} ; saisissez un prix en {currency}',
  'apiError.cardExpiredAt': 'Cette carte a expiré fin {expiry}. Demandez une autre carte au client.',
  'apiError.userEmailTaken':
    'Un utilisateur avec l’adresse e-mail {email} existe déjà. Utilisez une autre adresse e-mail.',
  'apiError.masterIsSubMerchant': '{name} est lui-même un sous-marchand et ne peut pas avoir de sous-marchands',
  'apiError.merchantRemoved': '{name} a été supprimé et ne peut plus être modifié.',
  'apiError.industryTypeExists': 'Un secteur d’activité nommé « {name} » existe déjà.',
  'apiError.atMostDays': 'Choisissez {days} jours au maximum',
  'apiError.subMerchantsLeft':
    '{name} a encore {count, plural, one {# sous-marchand} other {# sous-marchands}}. Supprimez-les d’abord.',
  'apiError.industryTypeUsed.merchants':
    '« {name} » est utilisé par {merchants, plural, one {# marchand} other {# marchands}} et ne peut pas être supprimé.',
  'apiError.industryTypeUsed.connections':
    '« {name} » est utilisé par {connections, plural, one {# connexion financière} other {# connexions financières}} et ne peut pas être supprimé.',
  'apiError.industryTypeUsed.both':
    '« {name} » est utilisé par {merchants, plural, one {# marchand} other {# marchands}} et {connections, plural, one {# connexion financière} other {# connexions financières}} et ne peut pas être supprimé.',
  'apiError.webhookUrl.https': 'Les URL de webhook doivent commencer par https://',
  'apiError.webhookUrl.httpsOnly': 'Les URL de webhook doivent commencer par https://.',
  'apiError.webhookUrl.httpsOrLocalhost':
    'Les URL de webhook doivent commencer par https:// (http:// uniquement pour localhost).',
  'apiError.webhookUrl.credentials':
    'Les URL de webhook ne peuvent pas contenir de nom d’utilisateur ni de mot de passe.',
  'apiError.webhookUrl.notLocalhost':
    'Les URL de webhook doivent pointer vers une adresse publique, pas vers localhost.',
  'apiError.webhookUrl.hostNotFound': 'Le nom d’hôte {host} est introuvable.',
  'apiError.webhookUrl.notPublic':
    'Les URL de webhook doivent pointer vers une adresse publique ; {host} est {address}.',
  'apiError.endpointOffTest': 'Cet endpoint est désactivé. Activez-le pour envoyer un test.',
  'apiError.endpointOffRetry': 'Cet endpoint est désactivé. Activez-le pour relancer ses livraisons.',
  'apiError.webhookUrl.address.loopback': 'une adresse de bouclage',
  'apiError.webhookUrl.address.private': 'une adresse de réseau privé',
  'apiError.webhookUrl.address.linkLocal': 'une adresse lien-local',
  'apiError.webhookUrl.address.reserved': 'une adresse réservée',
  'apiError.webhookUrl.address.metadata': 'l’adresse des métadonnées du cloud',
  'apiError.webhookUrl.address.carrierNat': 'une adresse de NAT opérateur',
  'apiError.webhookUrl.address.multicast': 'une adresse de multidiffusion',
  'apiError.webhookUrl.address.translated': 'une adresse traduite en IPv4',
  'apiError.webhookUrl.address.notIp': 'autre chose qu’une adresse IP',
  'apiError.failure.replaced': 'Remplacé par une nouvelle tentative de paiement avant d’avoir été approuvé.',
  'apiError.failure.authenticationLinkSent':
    'La banque de la carte veut que le client approuve ce paiement. Nous lui avons envoyé par e-mail un lien pour le régler lui-même.',
  'apiError.failure.interrupted':
    'Interrompu avant la réponse du prestataire de paiement ; rien n’a été débité à l’acheteur.',
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
  'apiError.decline.other': 'Le paiement a été refusé. Le prestataire de paiement a indiqué : « {reason} »',
};
