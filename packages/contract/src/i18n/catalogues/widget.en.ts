// The embeddable widget's own texts (packages/widget/src/widget.ts, on the merchant's page) in English
// (docs/i18n.md): only these few ship in the widget, whose every byte the buyer downloads.
export const widgetEn = {
  'frame.cardTitle': 'Secure card payment',
  'frame.title': 'Secure payment',
  'error.popupBlocked': 'The approval window was blocked. Allow pop-ups and try again.',
} as const;

export type WidgetKey = keyof typeof widgetEn;
