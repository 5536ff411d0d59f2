// The portal's German texts for the recurring price sold at checkout; every key of recurring-prices.en.ts, checked by i18n-catalogues.test.ts.
import type { RecurringPricesKey } from './recurring-prices.en.ts';

export const recurringPricesDe: Record<RecurringPricesKey, string> = {
  'recurringPrices.label': 'Abonnement an der Kasse',
  'recurringPrices.none': 'Keines: eine einmalige Zahlung',
  'recurringPrices.hint':
    'Mit einem wiederkehrenden Preis schließen Käufer an der Kasse ein Abonnement ab: Sie sehen Betrag und Intervall und autorisieren die Abbuchungen.',
  'recurringPrices.saveFirst':
    'Speichern Sie das Produkt und fügen Sie ihm dann einen wiederkehrenden Preis hinzu, um ein Abonnement zu verkaufen.',
  'recurringPrices.noneYet':
    'Noch kein aktiver wiederkehrender Preis im Modus {mode}. Fügen Sie einem Produkt einen hinzu (Produkte → Bearbeiten → Preise).',
  'recurringPrices.unlisted': 'Der bisher gewählte Preis (archiviert oder im anderen Modus)',
  'recurringPrices.loadFailed': 'Die wiederkehrenden Preise konnten nicht geladen werden.',
  'recurringPrices.cycle':
    '{interval, select, day {{count, plural, one {jeden Tag} other {alle # Tage}}} week {{count, plural, one {jede Woche} other {alle # Wochen}}} month {{count, plural, one {jeden Monat} other {alle # Monate}}} other {{count, plural, one {jedes Jahr} other {alle # Jahre}}}}',
  'recurringPrices.option': '{amount} {cycle}',
  'recurringPrices.optionTrial': '{amount} {cycle}, {days} Tage Testzeitraum',
  'recurringPrices.optionOfProduct': '{product}: {price}',
};
