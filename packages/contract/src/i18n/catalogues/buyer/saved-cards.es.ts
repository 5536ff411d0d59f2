// Paying with a saved card on a public checkout, in Spanish (docs/i18n.md); every key of saved-cards.en.ts.
import type { SavedCardsKey } from './saved-cards.en.ts';

export const savedCardsEs: Record<SavedCardsKey, string> = {
  'savedCards.offer': 'Pagar con una tarjeta guardada: iniciar sesión',
  'savedCards.intro':
    'Le enviamos un enlace de inicio de sesión por correo. Ábralo en este navegador: le trae de vuelta aquí con sus tarjetas guardadas.',
  'savedCards.emailLabel': 'Correo electrónico',
  'savedCards.send': 'Enviarme un enlace de inicio de sesión',
  'savedCards.sending': 'Enviando…',
  'savedCards.cancel': 'Cancelar',
  'savedCards.emailInvalid': 'Introduzca un correo electrónico válido.',
  'savedCards.sent':
    'Si este correo pertenece a un cliente, le llegará un enlace de inicio de sesión. Funciona una vez, durante 30 minutos.',
  'savedCards.failed': 'No se pudo enviar el enlace de inicio de sesión. Inténtelo de nuevo.',
  'savedCards.checking': 'Buscando sus tarjetas guardadas…',
  'savedCards.signedIn': 'Sesión iniciada como {name}. Pague con una tarjeta guardada o use otra tarjeta.',
};
