// Start, pause, resume, stop and delete, each confirmed first: what each does to the customer's
// coming invoices is said before it happens.
import type { RecurringInvoice } from '@kassa/contract/recurring-invoices';
import { confirmDelete, confirmedAction } from '../../../lib/confirmed-action.ts';
import { actOnRecurringInvoice, deleteRecurringInvoice, type RecurringAction } from '../api/recurring-invoices-api.ts';

const CONFIRM: Record<RecurringAction, (r: RecurringInvoice) => { title: string; text: string; button: string }> = {
  start: (r) => ({
    title: 'Start this recurring invoice?',
    text: `${r.customer_name} gets the first invoice on ${r.next_send_date ?? 'its start date'}.`,
    button: 'Yes, start it',
  }),
  pause: (r) => ({
    title: 'Pause this recurring invoice?',
    text: `${r.customer_name} gets no invoice while it is paused. Send dates that pass meanwhile are skipped.`,
    button: 'Yes, pause it',
  }),
  resume: () => ({
    title: 'Resume this recurring invoice?',
    text: 'Invoices are sent again from the next send date on; the dates missed while paused are skipped.',
    button: 'Yes, resume it',
  }),
  stop: (r) => ({
    title: 'Stop this recurring invoice for good?',
    text: `${r.customer_name} gets no more invoices from it. Invoices already sent stay as they are. This cannot be undone.`,
    button: 'Yes, stop it',
  }),
};

export function runRecurringAction(recurring: RecurringInvoice, action: RecurringAction, after: () => unknown) {
  const { title, text, button } = CONFIRM[action](recurring);
  return confirmedAction({
    confirm: { title, text, confirmButtonText: button, cancelButtonText: 'No, return', icon: 'question' },
    run: () => actOnRecurringInvoice(recurring.id, action),
    done: 'Recurring invoice updated.',
    after,
  });
}

export const removeDraft = (recurring: RecurringInvoice, after: () => unknown) =>
  confirmedAction({
    confirm: confirmDelete(
      `the draft for ${recurring.customer_name}`,
      'The draft is removed; no invoice was sent from it.',
      'Yes, delete draft',
    ),
    run: () => deleteRecurringInvoice(recurring.id),
    done: 'Draft recurring invoice deleted.',
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
  start: 'Start',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
};
