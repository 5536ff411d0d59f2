// The demo's invoices for one merchant: every status the list filters on, totals from the contract's
// money module like the invoice API's. Pure: ids and dates come from the seed and `now`.
import { invoiceTotals, lineTotal } from '@kassa/contract/money';
import type { invoiceItems, invoices } from '../db/schema.ts';
import { randomBusiness, randomPerson } from './demo-people.ts';
import { demoUuid, seededRandom } from './random.ts';

type InvoiceRow = typeof invoices.$inferInsert;
type ItemRow = typeof invoiceItems.$inferInsert;

export interface DemoInvoice {
  invoice: InvoiceRow & { id: string; status: NonNullable<InvoiceRow['status']> };
  items: ItemRow[];
}

export interface InvoiceInput {
  key: string;
  merchantId: string;
  invoicePrefix: string;
  createdBy: string;
  products: { id: string; name: string; price: number }[];
  now: Date;
}

const STATUSES = ['paid', 'paid', 'paid', 'overdue', 'overdue', 'sent', 'sent', 'draft', 'draft'] as const;
const DUE_AFTER_DAYS = { paid: 30, overdue: 14, sent: 45, draft: 30 } as const;
const NAMED_ITEMS = [
  { name: 'Custom engraving', price: 1_500 },
  { name: 'Express handling', price: 2_000 },
  { name: 'Consulting hour', price: 9_500 },
  { name: 'Delivery within city limits', price: 1_200 },
];
const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function demoInvoices(input: InvoiceInput): DemoInvoice[] {
  const random = seededRandom(`${input.key}:invoices`);
  return STATUSES.map((status, i) => {
    const id = demoUuid(`${input.key}:invoice:${i}`);
    const customer = randomPerson(random);
    const lineCount = random.int(1, 3);
    const items: ItemRow[] = [];
    for (let position = 1; position <= lineCount; position++) {
      const quantity = random.int(1, 4);
      if (random.chance(0.7) && input.products.length > 0) {
        const p = random.pick(input.products);
        items.push({
          invoiceId: id,
          position,
          itemType: 1,
          productId: p.id,
          itemName: p.name,
          quantity,
          price: p.price,
          totalPrice: lineTotal(quantity, p.price),
        });
      } else {
        const n = random.pick(NAMED_ITEMS);
        items.push({
          invoiceId: id,
          position,
          itemType: 2,
          itemName: n.name,
          quantity,
          price: n.price,
          totalPrice: lineTotal(quantity, n.price),
        });
      }
    }
    const rates = {
      discountBps: random.pick([0, 0, 500, 1000]),
      shippingBps: random.pick([0, 0, 500]),
      taxBps: random.pick([0, 725, 825, 1025]),
    };
    const totals = invoiceTotals({ items, ...rates });
    // Oldest first: invoice 0 was created ~80 days ago, the drafts in the last few days.
    const createdAt = new Date(input.now.getTime() - (80 - i * 9) * DAY);
    const sentAt = status === 'draft' ? null : new Date(createdAt.getTime() + DAY / 2);
    const dueDate = new Date(createdAt.getTime() + DUE_AFTER_DAYS[status] * DAY);
    const paidAt = status === 'paid' ? new Date(createdAt.getTime() + random.int(2, 12) * DAY) : null;
    return {
      invoice: {
        id,
        merchantId: input.merchantId,
        invoiceNumber: `${input.invoicePrefix}-${String(1001 + i)}`,
        customerFirstName: customer.firstName,
        customerLastName: customer.lastName,
        customerEmail: customer.email,
        businessName: random.chance(0.5) ? randomBusiness(random) : null,
        dueDate: isoDate(dueDate),
        description: `Order for ${customer.firstName} ${customer.lastName}`,
        currency: 'USD',
        status,
        ...rates,
        subTotalAmount: totals.sub_total,
        discountAmount: totals.discount,
        shippingAmount: totals.shipping,
        taxAmount: totals.tax,
        totalAmount: totals.total,
        // A paid demo invoice was paid whole, by the one payment the demo makes for it.
        amountPaid: paidAt ? totals.total : 0,
        paymentOptions: ['card', 'wallet'],
        sentAt,
        viewedAt: status === 'paid' ? sentAt : null,
        paidAt,
        paidTransactionId: paidAt ? demoUuid(`${input.key}:invoice:${i}:payment`) : null,
        createdBy: input.createdBy,
        createdAt,
        updatedAt: paidAt ?? sentAt ?? createdAt,
      },
      items,
    };
  });
}
