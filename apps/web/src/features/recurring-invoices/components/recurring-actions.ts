// Start, pause, resume, stop and delete, each confirmed first: what each does to the customer's
// coming invoices is said before it happens.
import { formatCalendarDate } from '@kassa/contract/date-display';
import type { Locale } from '@kassa/contract/i18n/locales';
import type { Translate } from '@kassa/contract/i18n/translate';
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import { confirmDelete, confirmedAction } from '../../../lib/confirmed-action.ts';
import { actOnRecurringInvoice, deleteRecurringInvoice, type RecurringAction } from '../api/recurring-invoices-api.ts';

type Confirm = (t: Translate, r: RecurringInvoice, locale: Locale) => { title: string; text: string; button: string };
const CONFIRM: Record<RecurringAction, Confirm> = {
  start: (t, r, locale) => ({
    title: t('recurring.start.title'),
    text: r.next_send_date
      ? t('recurring.start.text', { name: r.customer_name, date: formatCalendarDate(r.next_send_date, locale) })
      : t('recurring.start.textNoDate', { name: r.customer_name }),
    button: t('recurring.start.confirm'),
  }),
  pause: (t, r) => ({
    title: t('recurring.pause.title'),
    text: t('recurring.pause.text', { name: r.customer_name }),
    button: t('recurring.pause.confirm'),
  }),
  resume: (t) => ({
    title: t('recurring.resume.title'),
    text: t('recurring.resume.text'),
    button: t('recurring.resume.confirm'),
  }),
  stop: (t, r) => ({
    title: t('recurring.stop.title'),
    text: t('recurring.stop.text', { name: r.customer_name }),
    button: t('recurring.stop.confirm'),
  }),
};

export function runRecurringAction(
  { t, locale }: { t: Translate; locale: Locale },
  recurring: RecurringInvoice,
  action: RecurringAction,
  after: () => unknown,
) {
  const { title, text, button } = CONFIRM[action](t, recurring, locale);
  return confirmedAction({
    confirm: {
      title,
      text,
      confirmButtonText: button,
      cancelButtonText: t('invoices.confirm.cancel'),
      icon: 'question',
    },
    run: () => actOnRecurringInvoice(recurring.id, action),
    done: t('recurring.toast.updated'),
    failed: t('invoices.toast.failed'),
    after,
  });
}

export const removeDraft = (t: Translate, recurring: RecurringInvoice, after: () => unknown) =>
  confirmedAction({
    confirm: {
      ...confirmDelete(
        t('recurring.remove.name', { name: recurring.customer_name }),
        t('recurring.remove.text'),
        t('invoices.remove.draftConfirm'),
      ),
      title: t('recurring.remove.title', { name: recurring.customer_name }),
      cancelButtonText: t('recurring.remove.cancel'),
    },
    run: () => deleteRecurringInvoice(recurring.id),
    done: t('recurring.toast.draftDeleted'),
    failed: t('invoices.toast.failed'),
    after,
  });

/** The actions a status allows. */
export const ACTIONS_OF: Record<RecurringInvoice['status'], RecurringAction[]> = {
  draft: ['start'],
  active: ['pause', 'stop'],
  paused: ['resume', 'stop'],
  completed: [],
  stopped: [],
};
export const ACTION_LABEL: Record<RecurringAction, string> = {
  start: 'recurring.action.start',
  pause: 'recurring.action.pause',
  resume: 'recurring.action.resume',
  stop: 'recurring.action.stop',
};
