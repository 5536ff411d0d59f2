// The portal's French texts for the recurring price sold at checkout; every key of recurring-prices.en.ts, checked by i18n-catalogues.test.ts.
import type { RecurringPricesKey } from './recurring-prices.en.ts';

export const recurringPricesFr: Record<RecurringPricesKey, string> = {
  'recurringPrices.label': 'Abonnement au paiement',
  'recurringPrices.none': 'Aucun : un paiement unique',
  'recurringPrices.hint':
    'Avec un prix récurrent, l’acheteur s’abonne au paiement : il voit le montant et la périodicité et autorise les prélèvements.',
  'recurringPrices.saveFirst': 'Enregistrez le produit, puis ajoutez-lui un prix récurrent pour vendre un abonnement.',
  'recurringPrices.noneYet':
    'Aucun prix récurrent actif en mode {mode} pour l’instant. Ajoutez-en un à un produit (Produits → modifier → Prix).',
  'recurringPrices.unlisted': 'Le prix choisi auparavant (archivé ou dans l’autre mode)',
  'recurringPrices.loadFailed': 'Les prix récurrents n’ont pas pu être chargés.',
  'recurringPrices.cycle':
    '{interval, select, day {{count, plural, one {chaque jour} other {tous les # jours}}} week {{count, plural, one {chaque semaine} other {toutes les # semaines}}} month {{count, plural, one {chaque mois} other {tous les # mois}}} other {{count, plural, one {chaque année} other {tous les # ans}}}}',
  'recurringPrices.option': '{amount} {cycle}',
  'recurringPrices.optionTrial': '{amount} {cycle}, essai de {days} jours',
  'recurringPrices.optionOfProduct': '{product} : {price}',
};
