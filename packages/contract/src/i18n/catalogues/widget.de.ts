// The embeddable widget in German; every key of widget.en.ts, checked by i18n-catalogues.test.ts.
import type { WidgetKey } from './widget.en.ts';

export const widgetDe: Record<WidgetKey, string> = {
  'frame.cardTitle': 'Sichere Kartenzahlung',
  'frame.title': 'Sichere Zahlung',
  'error.popupBlocked': 'Das Freigabefenster wurde blockiert. Erlauben Sie Pop-ups und versuchen Sie es erneut.',
};
