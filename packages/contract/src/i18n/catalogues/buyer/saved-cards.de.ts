// Paying with a saved card on a public checkout, in German (docs/i18n.md); every key of saved-cards.en.ts.
import type { SavedCardsKey } from './saved-cards.en.ts';

export const savedCardsDe: Record<SavedCardsKey, string> = {
  'savedCards.offer': 'Mit einer gespeicherten Karte zahlen — anmelden',
  'savedCards.intro':
    'Wir senden Ihnen einen Anmeldelink per E-Mail. Öffnen Sie ihn in diesem Browser: Er bringt Sie mit Ihren gespeicherten Karten hierher zurück.',
  'savedCards.emailLabel': 'E-Mail-Adresse',
  'savedCards.send': 'Anmeldelink per E-Mail senden',
  'savedCards.sending': 'Wird gesendet …',
  'savedCards.cancel': 'Abbrechen',
  'savedCards.emailInvalid': 'Geben Sie eine gültige E-Mail-Adresse ein.',
  'savedCards.sent':
    'Wenn diese E-Mail-Adresse zu einem Kunden gehört, ist ein Anmeldelink unterwegs. Er funktioniert einmal, 30 Minuten lang.',
  'savedCards.failed': 'Der Anmeldelink konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  'savedCards.checking': 'Ihre gespeicherten Karten werden gesucht …',
  'savedCards.signedIn': 'Angemeldet als {name}. Zahlen Sie mit einer gespeicherten Karte oder einer anderen Karte.',
};
