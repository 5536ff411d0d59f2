// The embeddable widget's few texts in every language (docs/i18n.md): a handful of words, so the widget
// carries them all rather than fetch one, and follows the buyer's browser (`navigator.languages`).
import { widgetDe } from './catalogues/widget.de.ts';
import { type WidgetKey, widgetEn } from './catalogues/widget.en.ts';
import { widgetEs } from './catalogues/widget.es.ts';
import { widgetFr } from './catalogues/widget.fr.ts';
import { preferredTranslator } from './placeholder-translate.ts';

export type { WidgetKey };

/** The widget's translator for the browser's languages; English for none we have. */
export const widgetTranslator = (preferences: readonly string[] | null | undefined) =>
  preferredTranslator<WidgetKey>({ en: widgetEn, de: widgetDe, fr: widgetFr, es: widgetEs }, preferences);
