// The French words of texts the contract and the API supply; every key of contract-texts.en.ts, checked by i18n-catalogues.test.ts.
import type { ContractTextsKey } from './contract-texts.en.ts';

export const contractTextsFr: Record<ContractTextsKey, string> = {
  'developers.scope.products.read': 'Lister et lire les produits',
  'developers.scope.products.write': 'Créer, modifier et supprimer des produits',
  'developers.scope.payment_links.read': 'Lister et lire les paiements rapides (liens de paiement)',
  'developers.scope.payment_links.write': 'Créer, modifier et supprimer des paiements rapides (liens de paiement)',
  'developers.scope.invoices.read': 'Lister et lire les factures',
  'developers.scope.invoices.write': 'Créer, envoyer, modifier et supprimer des factures',
  'developers.scope.customers.read': 'Lister et lire les clients du mode de la clé',
  'developers.scope.customers.write': 'Créer, modifier et supprimer les clients du mode de la clé',
  'developers.scope.prices.read': 'Lister et lire les prix du mode de la clé',
  'developers.scope.prices.write': 'Créer et archiver les prix du mode de la clé',
  'developers.scope.subscriptions.read': 'Lister et lire les abonnements et horloges de test du mode de la clé',
  'developers.scope.subscriptions.write':
    'Créer, modifier, suspendre, reprendre et résilier des abonnements, et faire avancer les horloges de test (clés de test)',
  'developers.scope.transactions.read': 'Lister, exporter et lire les transactions du mode de la clé',
  'developers.scope.payments.write':
    'Débiter les cartes enregistrées des clients du mode de la clé (paiements initiés par le marchand)',
  'developers.scope.refunds.write': 'Rembourser, capturer et annuler les transactions du mode de la clé',
  'developers.scope.webhooks.write': 'Gérer les points de terminaison de webhooks et leurs envois',
  'developers.scope.embed.write': 'Créer des sessions à usage unique pour le portail intégré',
  'developers.localReceiverHint':
    'Pour essayer les webhooks sur cette machine, démarrez Kassa avec {setting} et utilisez un récepteur à l’adresse {url}, puis cliquez sur « Envoyer un événement de test ».',
  'developers.event.payment.succeeded': 'Un paiement a été capturé au moment où il a été effectué.',
  'developers.event.payment.failed': 'Un paiement a été refusé ou a échoué.',
  'developers.event.payment.refunded':
    'Un remboursement a été effectué (un événement par remboursement), avec son montant et les nouveaux totaux.',
  'developers.event.payment.captured': 'Un paiement autorisé a été capturé (en tout ou en partie).',
  'developers.event.payment.voided': 'Un paiement autorisé a été annulé ; l’acheteur n’a pas été débité.',
  'developers.event.invoice.created':
    'Une facture a été créée par une facture récurrente (à chaque échéance) ou un abonnement (à chaque période), avant d’être envoyée ou débitée.',
  'developers.event.invoice.sent': 'Une facture a été envoyée à son client.',
  'developers.event.invoice.partially_paid':
    'Une partie d’une facture a été payée (un acompte ou un paiement partiel) ; un solde reste dû.',
  'developers.event.invoice.paid': 'Une facture a été payée : son solde dû est à zéro.',
  'developers.event.invoice.voided': 'Une facture envoyée a été annulée ; son lien ne fonctionne plus.',
  'developers.event.customer.created': 'Un client a été créé.',
  'developers.event.customer.updated': 'Les coordonnées d’un client ont été modifiées.',
  'developers.event.customer.deleted': 'Un client a été supprimé.',
  'developers.event.payment_method.attached': 'Une carte a été enregistrée pour un client.',
  'developers.event.payment_method.detached': 'Une carte enregistrée a été retirée d’un client.',
  'developers.event.subscription.created': 'Un abonnement a été créé.',
  'developers.event.subscription.updated': 'Un abonnement a changé : statut, prix, quantité, période ou carte.',
  'developers.event.subscription.canceled': 'Un abonnement a pris fin.',
  'developers.event.subscription.past_due':
    'Le renouvellement d’un abonnement a échoué ; les nouvelles tentatives suivent le calendrier du marchand.',
  'developers.event.customer.subscription.trial_will_end': 'L’essai d’un abonnement se termine dans trois jours.',
  'developers.event.invoice.payment_failed':
    'Le débit de la facture d’un abonnement a échoué (chaque tentative en envoie un).',
  'developers.event.test.ping': 'Envoyé par « Envoyer un test » ; uniquement au point de terminaison testé.',
  'paymentConnections.providerText.sandbox':
    'Processeur de cartes en mode test avec les cartes de test documentées. Aucun argent réel ne circule.',
  'paymentConnections.providerText.sandbox_gift_card':
    'Cartes cadeaux avec un code, un code PIN et un solde ; utilisation partielle possible.',
  'paymentConnections.providerText.sandbox_wallet':
    'Un portefeuille / une redirection bancaire : l’acheteur approuve chaque paiement sur une page d’approbation.',
  'paymentConnections.providerText.sandbox_anti_fraud':
    'Fréquence par carte et par e-mail, plafond de montant et contrôle du pays : approuver, examiner ou refuser.',
  'paymentConnections.providerText.stripe':
    'Cartes via les PaymentIntents de Stripe : autorisation et capture, remboursements, 3-D Secure, litiges par webhook. Test ou production selon la clé.',
  'paymentConnections.providerText.adyen':
    'Paiements par carte via Adyen Checkout : autorisation puis capture ultérieure, remboursements, 3-D Secure, webhooks signés.',
  'paymentConnections.credentialLabel.account_id': 'ID du compte',
  'paymentConnections.credentialLabel.secret_key': 'Clé secrète',
  'paymentConnections.credentialLabel.merchant_id': 'ID marchand du portefeuille',
  'paymentConnections.credentialLabel.webhook_secret': 'Secret de signature des webhooks (facultatif)',
  'paymentConnections.credentialLabel.api_key': 'Clé d’API',
  'paymentConnections.credentialLabel.merchant_account': 'Compte marchand',
  'paymentConnections.credentialLabel.environment': 'Environnement',
  'paymentConnections.credentialLabel.hmac_key': 'Clé HMAC des webhooks',
  'paymentConnections.credentialLabel.live_endpoint_prefix':
    'Préfixe du point de terminaison de production (LIVE uniquement)',
  'audit.action.admin_user.created': 'Administrateur créé',
  'audit.action.admin_user.updated': 'Administrateur modifié',
  'audit.action.product.activated': 'Produit activé',
  'audit.action.product.deactivated': 'Produit désactivé',
  'audit.action.industry_type.created': 'Secteur d’activité créé',
  'audit.action.industry_type.updated': 'Secteur d’activité modifié',
  'audit.action.industry_type.deleted': 'Secteur d’activité supprimé',
  'audit.action.transaction.refund': 'Remboursement',
  'audit.action.user.invited': 'Utilisateur invité',
  'audit.action.user.updated': 'Utilisateur modifié',
  'audit.action.user.disabled': 'Utilisateur désactivé',
  'audit.action.user.access_updated': 'Accès de l’utilisateur modifié',
  'audit.action.password.invite_accepted': 'Invitation acceptée',
  'audit.action.password.reset': 'Mot de passe réinitialisé',
  'audit.action.password.changed': 'Mot de passe modifié',
  'audit.action.api_key.created': 'Clé d’API créée',
  'audit.action.api_key.rolled': 'Clé d’API renouvelée',
  'audit.action.api_key.deleted': 'Clé d’API supprimée',
  'audit.action.api_key.request': 'Modification faite avec une clé d’API',
  'audit.action.embed.session_minted': 'Session d’intégration créée',
  'audit.action.embed.session_started': 'Portail intégré ouvert',
};
