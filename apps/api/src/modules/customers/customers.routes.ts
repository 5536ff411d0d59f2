// GET/POST /customer/, GET/PATCH/DELETE /customer/{id}/ (docs/ARCHITECTURE.md: conventional CRUD). The
// app that governs customers, and how test and live customers are kept apart: customers.service.ts.
import { APP } from '@kassa/contract/access';
import {
  CUSTOMER_MESSAGES,
  customerCreate,
  customerExportQuery,
  customerListQuery,
  customerPatch,
  customerSchema,
} from '@kassa/contract/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearer, resourceRoutes } from '../../lib/resource-routes.ts';
import { merchantApp } from '../../lib/route-access.ts';
import {
  createCustomer,
  deleteCustomer,
  getMerchantCustomer,
  listMerchantCustomers,
  patchCustomer,
} from './customers.service.ts';
import { exportCustomersCsv } from './customers-export.ts';

export default async function customerRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const customers = resourceRoutes(base, '/customer/', ['customers']);
  const read = { access: merchantApp(APP.VIRTUAL_TERMINAL, 'view'), scope: 'customers:read' } as const;
  const write = (need: 'create' | 'edit' | 'delete') =>
    ({ access: merchantApp(APP.VIRTUAL_TERMINAL, need), scope: 'customers:write' }) as const;

  customers.list(
    read,
    { query: customerListQuery, item: customerSchema, summary: 'List customers (search by name, e-mail, reference)' },
    (actor, query) => listMerchantCustomers(ctx, actor, query),
  );
  customers.create(
    write('create'),
    { body: customerCreate, item: customerSchema, summary: 'Create a customer' },
    (actor, body) => createCustomer(ctx, actor, body),
    CUSTOMER_MESSAGES.created,
  );
  // A CSV file, not the JSON envelope; Fastify matches this static path before `{id}`.
  app.get(
    '/customer/export/',
    {
      config: read,
      schema: {
        tags: ['customers'],
        security: bearer,
        summary: 'Export customers as CSV (the list filters, every page)',
        querystring: customerExportQuery,
      },
    },
    async (req, reply) => {
      const stream = await exportCustomersCsv(ctx, req.actor, req.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
        .send(stream);
    },
  );
  customers.read(read, { item: customerSchema, summary: 'Read a customer' }, (actor, id) =>
    getMerchantCustomer(ctx, actor, id),
  );
  customers.update(
    'patch',
    write('edit'),
    { body: customerPatch, item: customerSchema, summary: 'Change a customer' },
    (actor, id, body) => patchCustomer(ctx, actor, id, body),
    CUSTOMER_MESSAGES.updated,
  );
  customers.remove(write('delete'), (actor, id) => deleteCustomer(ctx, actor, id), { summary: 'Delete a customer' });
}
