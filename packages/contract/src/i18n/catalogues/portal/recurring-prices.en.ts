// The portal's English texts for choosing the recurring price a product or payment link sells at
// checkout (docs/product-rules.md#subscribing-at-checkout, docs/i18n.md).
export const recurringPricesEn = {
  'recurringPrices.label': 'Subscription at checkout',
  'recurringPrices.none': 'None: a one-time payment',
  'recurringPrices.hint':
    'With a recurring price, buyers subscribe on the checkout: they see the amount and interval and authorise the charges.',
  'recurringPrices.saveFirst': 'Save the product, then add a recurring price to it to sell a subscription.',
  'recurringPrices.noneYet':
    'No active recurring price in {mode} mode yet. Add one to a product (Products → edit → Prices).',
  'recurringPrices.unlisted': 'The price chosen before (archived or in the other mode)',
  'recurringPrices.loadFailed': 'The recurring prices could not be loaded.',
  'recurringPrices.cycle':
    '{interval, select, day {{count, plural, one {every day} other {every # days}}} week {{count, plural, one {every week} other {every # weeks}}} month {{count, plural, one {every month} other {every # months}}} other {{count, plural, one {every year} other {every # years}}}}',
  'recurringPrices.option': '{amount} {cycle}',
  'recurringPrices.optionTrial': '{amount} {cycle}, {days}-day trial',
  'recurringPrices.optionOfProduct': '{product}: {price}',
} as const;

export type RecurringPricesKey = keyof typeof recurringPricesEn;
