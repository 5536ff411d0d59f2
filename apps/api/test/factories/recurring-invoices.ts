// A monthly recurring invoice of a new customer, straight in the database and due on its anchor day:
// for the tests that run the recurring-invoice tick over many templates at once.
import type { Db } from '../../src/db/client.ts';
import { customers, recurringInvoices } from '../../src/db/schema.ts';
import { createSavedCard } from './saved-cards.ts';

export interface DueRecurringInvoice {
  /** The day it starts and is next due (YYYY-MM-DD). */
  anchorDate: string;
  /** The price of its one line, in minor units. */
  amount: number;
  /** Charged to a saved sandbox card of the customer's, made with it. */
  autoCharge: boolean;
}

let customersMade = 0;

export async function createDueRecurringInvoice(
  db: Db,
  merchantId: string,
  { anchorDate, amount, autoCharge }: DueRecurringInvoice,
) {
  customersMade += 1;
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      mode: 'test',
      name: `Member ${customersMade}`,
      email: `member${customersMade}@example.com`,
    })
    .returning();
  if (autoCharge) await createSavedCard(db, merchantId, customer!.id);
  const [row] = await db
    .insert(recurringInvoices)
    .values({
      merchantId,
      customerId: customer!.id,
      mode: 'test',
      status: 'active',
      currency: 'USD',
      items: [{ itemType: 2, productId: null, itemName: 'Membership', quantity: 1, price: amount, totalPrice: amount }],
      subTotalAmount: amount,
      discountAmount: 0,
      shippingAmount: 0,
      taxAmount: 0,
      totalAmount: amount,
      dueInDays: 7,
      interval: 'month',
      intervalCount: 1,
      startDate: anchorDate,
      anchorDate,
      nextSendDate: anchorDate,
      autoCharge,
    })
    .returning();
  return row!;
}
