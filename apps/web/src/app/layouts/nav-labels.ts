// The navigation's words in the reader's language (docs/i18n.md): the rules (features/navigation)
// decide what is shown and keep English labels; the sidebar and the home overview translate them here.
import { HUB_STATUS_LABEL } from '@kassa/contract/access';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { NavGroup, NavItem } from '../../features/navigation/nav-rules.ts';
import { appLabel, hubStatusLabel } from '../../lib/portal-labels.ts';

type Label = (t: Translate) => string;

const ITEM_LABELS: Record<string, Label> = {
  merchants: (t) => t('nav.item.merchants'),
  catalog: (t) => t('nav.item.catalog'),
  transactions: (t) => t('nav.item.transactions'),
  'admin-users': (t) => t('nav.item.adminUsers'),
  'industry-types': (t) => t('nav.item.industryTypes'),
  'all-configured-providers': (t) => t('nav.item.allConfiguredProviders'),
  'financial-connections': (t) => t('nav.item.financialConnections'),
  'sub-merchants': (t) => t('nav.item.subMerchants'),
  'recurring-invoices': (t) => t('nav.item.recurringInvoices'),
  subscriptions: (t) => t('nav.item.subscriptions'),
  customers: (t) => t('nav.item.customers'),
  'user-management': (t) => t('nav.item.userManagement'),
  setup: (t) => t('nav.item.setup'),
  'embed-settings': (t) => t('nav.item.embedSettings'),
  developers: (t) => t('nav.item.developers'),
  connections: (t) => appLabel(t, 'FCON'),
  dashboard: (t) => appLabel(t, 'DASH'),
};

const GROUP_TITLES: Record<string, Label> = {
  platform: (t) => t('nav.group.platform'),
  'payment-hub': (t) => t('nav.group.paymentHub'),
  'financing-hub': (t) => t('nav.group.financingHub'),
  business: (t) => t('nav.group.business'),
  settings: (t) => t('nav.group.settings'),
};

export function navItemLabel(t: Translate, item: Pick<NavItem, 'key' | 'label'>): string {
  // The payment apps' entries are keyed by the app's code (nav-rules.ts).
  if (item.key.startsWith('app-')) return appLabel(t, item.key.slice(4).toUpperCase());
  return ITEM_LABELS[item.key]?.(t) ?? item.label;
}

export function navGroupTitle(t: Translate, group: Pick<NavGroup, 'key' | 'title'>): string | null {
  if (group.title === null) return null;
  return GROUP_TITLES[group.key]?.(t) ?? group.title;
}

/** A greyed-out hub's status beside its title; the rules hand over the contract's English label. */
export function navGroupStatus(t: Translate, group: Pick<NavGroup, 'statusLabel'>): string | undefined {
  if (group.statusLabel === undefined) return undefined;
  const status = Object.entries(HUB_STATUS_LABEL).find(([, label]) => label === group.statusLabel)?.[0];
  return hubStatusLabel(t, status === undefined ? null : Number(status));
}

/** The status as a sentence's select argument (ICU select in 'app.denied.hubInactive' and the banner). */
export function hubStatusWord(group: Pick<NavGroup, 'statusLabel'>): 'pending' | 'review' | 'suspended' | 'other' {
  switch (group.statusLabel) {
    case HUB_STATUS_LABEL[1]:
      return 'pending';
    case HUB_STATUS_LABEL[2]:
      return 'review';
    case HUB_STATUS_LABEL[4]:
      return 'suspended';
    default:
      return 'other';
  }
}
