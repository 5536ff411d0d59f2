// The merchant's own e-mails in Spanish; every key of operator.en.ts, checked by i18n-catalogues.test.ts.
import type { OperatorEmailKey } from './operator.en.ts';

export const operatorEmailEs: Record<OperatorEmailKey, string> = {
  'newPayment.subject': 'Nuevo pago: {amount} de {buyer}',
  'newPayment.intro': '{merchant} ha recibido un pago.',
  'row.buyer': 'Comprador',
  'row.transaction': 'Transacción',
  'dispute.subject': 'Disputa abierta: pago de {amount} de {buyer}',
  'dispute.intro': 'El banco del comprador ha abierto una disputa (contracargo) sobre un pago a {merchant}.',
  'dispute.closing': 'Respóndala con pruebas en el panel de su procesador de pagos antes de que venza el plazo.',
  'adyenDispute.subject': 'Se ha disputado un pago ({amount})',
  'adyenDispute.intro':
    'El banco del comprador ha disputado el pago {id} de {amount} (referencia de Adyen {reference}).',
  'adyenDispute.reason': 'Código de motivo: {code}.',
  'adyenDispute.unknown': 'desconocido',
  'adyenDispute.closing':
    'Abra la transacción en Kassa para ver su historial y responda a la disputa en el Adyen Customer Area antes de que venza el plazo.',
  'webhookOff.subject': 'Se ha desactivado un endpoint de webhook',
  'webhookOff.intro': 'Kassa ha desactivado este endpoint de webhook:',
  'webhookOff.closing':
    'Ya no se le envían eventos. Corrija el receptor y vuelva a activar el endpoint en la página Desarrolladores de Kassa (Configuración); entonces saldrán los envíos pendientes, y los fallidos se pueden reintentar desde el registro de envíos.',
};
