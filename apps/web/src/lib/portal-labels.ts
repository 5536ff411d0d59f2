// Labels several portal pages share, in the reader's language (docs/i18n.md): a hub's status and an
// app's name. The contract keeps the English maps for the API; the web app reads these.
import { APPS, type AppKey, HUB_STATUS_LABEL } from '@kassa/contract/access';
import type { Translate } from '@kassa/contract/i18n/translate';

/** A Payment or Financing Hub's status ("In review"); "Not active" when it has none. */
export function hubStatusLabel(t: Translate, status: number | null | undefined): string {
  switch (status) {
    case 1:
      return t('common.hubStatus.pending');
    case 2:
      return t('common.hubStatus.inReview');
    case 3:
      return t('common.hubStatus.active');
    case 4:
      return t('common.hubStatus.suspended');
    default:
      return status != null && HUB_STATUS_LABEL[status] ? HUB_STATUS_LABEL[status] : t('common.hubStatus.notActive');
  }
}

/** An app's name ("Virtual Terminal"), by its key or code. */
export function appLabel(t: Translate, app: AppKey | string): string {
  const info = APPS.find((a) => a.key === app || a.code === app);
  switch (info?.code) {
    case 'DASH':
      return t('common.app.dashboard');
    case 'VT':
      return t('common.app.virtualTerminal');
    case 'PR':
      return t('common.app.products');
    case 'PCON':
      return t('common.app.paymentConnections');
    case 'QP':
      return t('common.app.quickPayments');
    case 'INV':
      return t('common.app.invoices');
    case 'FCON':
      return t('common.app.connections');
    case 'USERS':
      return t('common.app.users');
    default:
      return info?.name ?? String(app);
  }
}
