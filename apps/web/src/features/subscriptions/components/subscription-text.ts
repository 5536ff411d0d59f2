// The contract's English labels of a subscription (its status, its billing cycle), as catalogue keys
// read in the user's language (docs/i18n.md).
import type { Translate } from '@kassa/contract/i18n/translate';
import type { Price } from '@kassa/contract/prices';
import type { SubscriptionStatus } from '@kassa/contract/subscriptions';

const STATUS: Record<SubscriptionStatus, string> = {
  trialing: 'subscriptions.status.trialing',
  active: 'subscriptions.status.active',
  past_due: 'subscriptions.status.pastDue',
  paused: 'subscriptions.status.paused',
  canceled: 'subscriptions.status.canceled',
  unpaid: 'subscriptions.status.unpaid',
  incomplete: 'subscriptions.status.incomplete',
  incomplete_expired: 'subscriptions.status.incompleteExpired',
};

export const statusText = (t: Translate, status: SubscriptionStatus) => t(STATUS[status]);

const EVERY: Record<NonNullable<Price['interval']>, string> = {
  day: 'subscriptions.cycle.day',
  week: 'subscriptions.cycle.week',
  month: 'subscriptions.cycle.month',
  year: 'subscriptions.cycle.year',
};

/** describeCycle in the user's language: "once", "every month", "every 3 months". */
export const cycleText = (t: Translate, price: Pick<Price, 'interval' | 'interval_count'>) =>
  price.interval === null ? t('subscriptions.cycle.once') : t(EVERY[price.interval], { count: price.interval_count });

const INVOICE_STATUS: Record<string, string> = {
  draft: 'invoices.badge.draft',
  sent: 'invoices.badge.sent',
  viewed: 'invoices.badge.viewed',
  partially_paid: 'invoices.badge.partiallyPaid',
  paid: 'invoices.badge.paid',
  overdue: 'invoices.badge.overdue',
  void: 'invoices.badge.void',
};

/** A period invoice's status in lower case, as the invoices' badges word it; an unknown one as sent. */
export const invoiceStatusText = (t: Translate, status: string) => {
  const key = INVOICE_STATUS[status];
  return key ? t(key) : status;
};
