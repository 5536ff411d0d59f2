// The embeddable widget in Spanish; every key of widget.en.ts, checked by i18n-catalogues.test.ts.
import type { WidgetKey } from './widget.en.ts';

export const widgetEs: Record<WidgetKey, string> = {
  'frame.cardTitle': 'Pago seguro con tarjeta',
  'frame.title': 'Pago seguro',
  'error.popupBlocked':
    'La ventana de aprobación se ha bloqueado. Permite las ventanas emergentes e inténtalo de nuevo.',
};
