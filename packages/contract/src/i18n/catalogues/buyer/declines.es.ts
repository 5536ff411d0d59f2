// Why a card was declined, as a buyer reads it in Spanish; every key of declines.en.ts.
import type { DeclinesKey } from './declines.en.ts';

export const declinesEs: Record<DeclinesKey, string> = {
  'decline.card_declined': 'Tu tarjeta ha sido rechazada. Prueba con otra tarjeta.',
  'decline.do_not_honor': 'Tu banco ha rechazado el pago. Ponte en contacto con tu banco o usa otra tarjeta.',
  'decline.insufficient_funds': 'Tu tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.',
  'decline.authentication_required': 'Tu banco te pide que confirmes este pago. Inténtalo de nuevo.',
  'decline.authentication_failed': 'No se ha podido confirmar el pago con tu banco. Inténtalo de nuevo.',
  'decline.expired_card': 'Tu tarjeta ha caducado. Usa otra tarjeta.',
  'decline.incorrect_number': 'El número de tarjeta no es correcto. Compruébalo e inténtalo de nuevo.',
  'decline.incorrect_cvc': 'El código de seguridad no es correcto. Compruébalo e inténtalo de nuevo.',
  'decline.card_velocity_exceeded':
    'Demasiados pagos con esta tarjeta por ahora. Inténtalo más tarde o usa otra tarjeta.',
  'decline.fraudulent': 'El pago ha sido rechazado. Usa otra tarjeta o ponte en contacto con tu banco.',
  'decline.transaction_not_allowed': 'Esta tarjeta no se puede usar para este pago. Usa otra tarjeta.',
  'decline.issuer_unavailable': 'No se ha podido contactar con tu banco. Inténtalo de nuevo más tarde.',
  'decline.canceled': 'El pago se ha cancelado.',
  'decline.invalid_expiry': 'La fecha de caducidad no es válida. Compruébala e inténtalo de nuevo.',
  'decline.postal_code': 'El código postal no coincide con la tarjeta. Compruébalo e inténtalo de nuevo.',
  'decline.details_not_accepted':
    'No se han aceptado los datos de la tarjeta. Comprueba el número de tarjeta, la fecha de caducidad y el código de seguridad.',
  'decline.test_card_live': 'Una tarjeta de prueba no puede pagar aquí. Usa una tarjeta real.',
  'decline.unsupported_action':
    'Tu banco pide un paso de confirmación que esta página no puede mostrar. Usa otra tarjeta.',
  'decline.save_needs_authentication':
    'Tu banco quiere que confirmes esta tarjeta antes de guardarla. Guárdala mientras pagas.',
  'decline.interrupted':
    'El pago se interrumpió antes de que tu banco respondiera. No se te ha cobrado nada. Inténtalo de nuevo.',
  'decline.other': 'Tu tarjeta ha sido rechazada. El servicio de pago indicó: «{reason}»',
};
