// The portal's Spanish texts for the recurring price sold at checkout; every key of recurring-prices.en.ts, checked by i18n-catalogues.test.ts.
import type { RecurringPricesKey } from './recurring-prices.en.ts';

export const recurringPricesEs: Record<RecurringPricesKey, string> = {
  'recurringPrices.label': 'Suscripción en el pago',
  'recurringPrices.none': 'Ninguna: un pago único',
  'recurringPrices.hint':
    'Con un precio recurrente, el comprador se suscribe en el pago: ve el importe y el intervalo y autoriza los cargos.',
  'recurringPrices.saveFirst': 'Guarde el producto y luego añádale un precio recurrente para vender una suscripción.',
  'recurringPrices.noneYet':
    'Aún no hay ningún precio recurrente activo en modo {mode}. Añada uno a un producto (Productos → editar → Precios).',
  'recurringPrices.unlisted': 'El precio elegido antes (archivado o en el otro modo)',
  'recurringPrices.loadFailed': 'No se pudieron cargar los precios recurrentes.',
  'recurringPrices.cycle':
    '{interval, select, day {{count, plural, one {cada día} other {cada # días}}} week {{count, plural, one {cada semana} other {cada # semanas}}} month {{count, plural, one {cada mes} other {cada # meses}}} other {{count, plural, one {cada año} other {cada # años}}}}',
  'recurringPrices.option': '{amount} {cycle}',
  'recurringPrices.optionTrial': '{amount} {cycle}, prueba de {days} días',
  'recurringPrices.optionOfProduct': '{product}: {price}',
};
