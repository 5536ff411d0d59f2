// The embeddable widget in French; every key of widget.en.ts, checked by i18n-catalogues.test.ts.
import type { WidgetKey } from './widget.en.ts';

export const widgetFr: Record<WidgetKey, string> = {
  'frame.cardTitle': 'Paiement sécurisé par carte',
  'frame.title': 'Paiement sécurisé',
  'error.popupBlocked': 'La fenêtre d’approbation a été bloquée. Autorisez les fenêtres pop-up et réessayez.',
};
