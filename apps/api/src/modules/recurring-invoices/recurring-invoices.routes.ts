// GET/POST /recurring-invoice/, GET/PATCH/DELETE /recurring-invoice/{id}/ and the start, pause, resume
// and stop actions (docs/merchant-api.md "Recurring invoices"). The Invoices app governs them; API keys
// use the invoices scopes.
import { APP } from '@kassa/contract/access';
import {
  RECURRING_INVOICE_MESSAGES,
  recurringInvoiceCreate,
  recurringInvoiceListQuery,
  recurringInvoicePatch,
  recurringInvoiceSchema,
} from '@kassa/contract/recurring-invoices';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  createRecurringInvoice,
  deleteRecurringInvoice,
  getMerchantRecurringInvoice,
  listMerchantRecurringInvoices,
  patchRecurringInvoice,
  pauseRecurringInvoice,
  resumeRecurringInvoice,
  startRecurringInvoice,
  stopRecurringInvoice,
} from './recurring-invoices.service.ts';

export default async function recurringInvoiceRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const templates = resourceRoutes(base, '/recurring-invoice/', ['recurring-invoices']);
  const read = { access: merchantApp(APP.INVOICES, 'view'), scope: 'invoices:read' } as const;
  const write = (need: 'create' | 'edit' | 'delete') =>
    ({ access: merchantApp(APP.INVOICES, need), scope: 'invoices:write' }) as const;
  const item = recurringInvoiceSchema;

  templates.list(
    read,
    { query: recurringInvoiceListQuery, item, summary: 'List recurring invoices (filter by status or customer)' },
    (actor, query) => listMerchantRecurringInvoices(ctx, actor, query),
  );
  templates.create(
    write('create'),
    { body: recurringInvoiceCreate, item, summary: 'Create a recurring invoice' },
    (actor, body) => createRecurringInvoice(ctx, actor, body),
    RECURRING_INVOICE_MESSAGES.created,
  );
  templates.read(read, { item, summary: 'Read a recurring invoice with its coming send dates' }, (actor, id) =>
    getMerchantRecurringInvoice(ctx, actor, id),
  );
  templates.update(
    'patch',
    write('edit'),
    { body: recurringInvoicePatch, item, summary: 'Change a recurring invoice' },
    (actor, id, body) => patchRecurringInvoice(ctx, actor, id, body),
    RECURRING_INVOICE_MESSAGES.updated,
  );
  templates.remove(write('delete'), (actor, id) => deleteRecurringInvoice(ctx, actor, id), {
    summary: 'Delete a draft recurring invoice',
  });
  const actions = [
    ['start', startRecurringInvoice, RECURRING_INVOICE_MESSAGES.started, 'Start a draft recurring invoice'],
    ['pause', pauseRecurringInvoice, RECURRING_INVOICE_MESSAGES.paused, 'Pause a recurring invoice'],
    ['resume', resumeRecurringInvoice, RECURRING_INVOICE_MESSAGES.resumed, 'Resume a paused recurring invoice'],
    ['stop', stopRecurringInvoice, RECURRING_INVOICE_MESSAGES.stopped, 'Stop a recurring invoice for good'],
  ] as const;
  for (const [name, act, message, summary] of actions) {
    templates.action(name, write('edit'), { item, summary }, (actor, id) => act(ctx, actor, id), message);
  }
}
