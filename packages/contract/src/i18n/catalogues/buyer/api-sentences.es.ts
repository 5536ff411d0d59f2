// The API's sentences a buyer may meet that name a value or a mode, in Spanish; every key of api-sentences.en.ts.
import type { BuyerApiSentencesKey } from './api-sentences.en.ts';

export const buyerApiSentencesEs: Record<BuyerApiSentencesKey, string> = {
  'error.invoiceAlreadyPaid': 'Esta factura ya se ha pagado.',
  'error.invoice.notPositive': 'Introduce un importe mayor que cero.',
  'error.invoice.aboveBalance': 'El importe supera el saldo pendiente de {balance}.',
  'error.invoice.balanceOnly': 'Esta factura se paga completa: paga el saldo de {balance}.',
  'error.invoice.belowDeposit': 'Paga al menos el anticipo de {deposit}.',
  'error.invoice.depositOrBalance': 'Paga el anticipo de {deposit} o el saldo completo de {balance}.',
  'error.invoice.belowMinimum': 'El importe más pequeño que puedes pagar es {minimum}.',
  'error.invoice.reload': 'Vuelve a cargar la factura para ver lo que queda por pagar.',
  'error.cardMode.testCustomerLiveMerchant':
    'Este cliente está en modo de prueba, pero los pagos con tarjeta del comercio están ahora en modo real. No se puede guardar la tarjeta.',
  'error.cardMode.liveCustomerTestMerchant':
    'Este cliente está en modo real, pero los pagos con tarjeta del comercio están ahora en modo de prueba. No se puede guardar la tarjeta.',
  'error.noCardKeeping': 'El servicio de pago del comercio no guarda tarjetas.',
};
