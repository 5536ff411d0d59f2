// Paying with a saved card on a public checkout, in French (docs/i18n.md); every key of saved-cards.en.ts.
import type { SavedCardsKey } from './saved-cards.en.ts';

export const savedCardsFr: Record<SavedCardsKey, string> = {
  'savedCards.offer': 'Payer avec une carte enregistrée — se connecter',
  'savedCards.intro':
    'Nous vous envoyons un lien de connexion par e-mail. Ouvrez-le dans ce navigateur : il vous ramène ici avec vos cartes enregistrées.',
  'savedCards.emailLabel': 'Adresse e-mail',
  'savedCards.send': 'M’envoyer un lien de connexion',
  'savedCards.sending': 'Envoi…',
  'savedCards.cancel': 'Annuler',
  'savedCards.emailInvalid': 'Saisissez une adresse e-mail valide.',
  'savedCards.sent':
    'Si cette adresse e-mail appartient à un client, un lien de connexion est en route. Il fonctionne une fois, pendant 30 minutes.',
  'savedCards.failed': 'Le lien de connexion n’a pas pu être envoyé. Veuillez réessayer.',
  'savedCards.checking': 'Recherche de vos cartes enregistrées…',
  'savedCards.signedIn': 'Connecté en tant que {name}. Payez avec une carte enregistrée ou utilisez une autre carte.',
};
