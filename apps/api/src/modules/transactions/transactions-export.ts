// CSV export of any filter, streamed in keyset batches so a million rows never sit in memory. People
// read it in a spreadsheet, programs parse it: each fact comes in people's words (the portal's status
// names and brand names, a time with its zone said) beside a machine-readable column.
import { formatMomentUtc } from '@kassa/contract/date-display';
import { fromMinor } from '@kassa/contract/money';
import { cardBrandLabel, paymentMethodLabel } from '@kassa/contract/payment-methods';
import { type TransactionFilter, transactionStatusLabel } from '@kassa/contract/transactions';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { csvStream, spreadsheetSafe } from '../../lib/csv-stream.ts';
import { filterConditions, iterateTransactions } from './transactions.queries.ts';
import { transactionScope } from './transactions.service.ts';

const COLUMNS = [
  'id',
  'created_at',
  'date (UTC)',
  'merchant',
  'status',
  'status_code',
  'method',
  'amount',
  'refunded',
  'currency',
  'card_brand',
  'card_last4',
  'buyer_first_name',
  'buyer_last_name',
  'buyer_email',
  'source',
];

const safeCell = spreadsheetSafe;

export async function exportTransactionsCsv(ctx: AppContext, actor: Actor, filter: TransactionFilter) {
  const scope = await transactionScope(ctx, actor, 'view');
  const conds = filterConditions(scope, filter);
  const rows = async function* () {
    for await (const r of iterateTransactions(ctx.db, conds)) {
      yield [
        r.id,
        r.createdAt.toISOString(),
        formatMomentUtc(r.createdAt),
        safeCell(r.merchantName),
        transactionStatusLabel(r.status),
        r.status,
        paymentMethodLabel(r.method),
        fromMinor(r.amount, r.currency),
        fromMinor(r.refundedAmount, r.currency),
        r.currency,
        r.cardBrand ? cardBrandLabel(r.cardBrand) : '',
        r.cardLast4 ?? '',
        safeCell(r.buyerFirstName),
        safeCell(r.buyerLastName),
        safeCell(r.buyerEmail),
        r.source,
      ];
    }
  };
  return csvStream(rows(), COLUMNS);
}
