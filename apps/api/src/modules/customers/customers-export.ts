// CSV export of a customer list's filter, streamed like the transactions export (lib/csv-stream.ts).
import type { CustomerExportQuery } from '@kassa/contract/customers';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { csvStream, spreadsheetSafe } from '../../lib/csv-stream.ts';
import { iterateCustomers } from './customers.queries.ts';
import { customerScope } from './customers.service.ts';

const COLUMNS = [
  'id',
  'created_at',
  'mode',
  'name',
  'email',
  'phone',
  'reference',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'country',
];

export async function exportCustomersCsv(ctx: AppContext, actor: Actor, query: CustomerExportQuery) {
  const scope = customerScope(actor, 'view');
  const rows = async function* () {
    for await (const r of iterateCustomers(ctx.db, scope, query)) {
      const address = r.billingAddress;
      yield [
        r.id,
        r.createdAt.toISOString(),
        r.mode,
        spreadsheetSafe(r.name),
        spreadsheetSafe(r.email ?? ''),
        // Stored in E.164 by the server (lib/phone.ts): a leading + is the country code, never a formula.
        r.phone ?? '',
        spreadsheetSafe(r.reference ?? ''),
        spreadsheetSafe(address?.line1 ?? ''),
        spreadsheetSafe(address?.line2 ?? ''),
        spreadsheetSafe(address?.city ?? ''),
        spreadsheetSafe(address?.state ?? ''),
        spreadsheetSafe(address?.postal_code ?? ''),
        address?.country ?? '',
      ];
    }
  };
  return csvStream(rows(), COLUMNS);
}
