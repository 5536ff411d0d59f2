import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { fixedStatement } from '../../db/fixed-statement.ts';
import {
  checkoutSessions,
  invoices,
  merchants,
  products,
  providerConnections,
  quickPayments,
} from '../../db/schema.ts';

const master = alias(merchants, 'master');

/** The public face of a merchant on checkout pages (docs/product-rules.md#entities merchant_data) plus what decides if it can be paid. */
const merchantColumns = {
  merchantId: merchants.id,
  merchantName: merchants.name,
  merchantLogo: merchants.logo,
  merchantAddress: merchants.address,
  merchantCity: merchants.city,
  merchantState: merchants.state,
  merchantCountry: merchants.country,
  merchantPhone: merchants.phone,
  merchantBlocked: merchants.isBlocked,
  merchantRemovedAt: merchants.removedAt,
  paymentHubStatus: merchants.paymentHubStatus,
  masterLogo: master.logo,
  /** Enabled connection kinds, read with the merchant so that opening a checkout takes one statement. */
  connectionKinds: sql<
    string[]
  >`array(select ${providerConnections.kind} from ${providerConnections} where ${providerConnections.merchantId} = ${merchants.id} and ${providerConnections.enabled})`,
};
// Every product checkout starts here: of fixed text (db/fixed-statement.ts).
const productForCheckout = fixedStatement('product_for_checkout', (db, v: { product: { id: string } }) =>
  db
    .select({ product: products, ...merchantColumns })
    .from(products)
    .innerJoin(merchants, eq(merchants.id, products.merchantId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(and(eq(products.id, v.product.id), isNull(products.deletedAt)))
    .limit(1),
);

export async function findProductForCheckout(db: DbOrTx, productId: string) {
  const [row] = await productForCheckout(db, 'by id', { product: { id: productId } });
  return row;
}

export async function findQuickPaymentForCheckout(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ quickPayment: quickPayments, ...merchantColumns })
    .from(quickPayments)
    .innerJoin(merchants, eq(merchants.id, quickPayments.merchantId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(and(eq(quickPayments.id, id), isNull(quickPayments.deletedAt)))
    .limit(1);
  return row;
}

export async function findInvoiceForCheckout(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ invoice: invoices, ...merchantColumns })
    .from(invoices)
    .innerJoin(merchants, eq(merchants.id, invoices.merchantId))
    .leftJoin(master, eq(master.id, merchants.masterMerchantId))
    .where(and(eq(invoices.id, id), isNull(invoices.deletedAt)))
    .limit(1);
  return row;
}

export async function findEnabledConnectionKinds(db: DbOrTx, merchantId: string) {
  const rows = await db
    .select({ kind: providerConnections.kind, provider: providerConnections.provider, id: providerConnections.id })
    .from(providerConnections)
    .where(and(eq(providerConnections.merchantId, merchantId), eq(providerConnections.enabled, true)));
  return rows;
}

export async function findCheckoutSession(db: DbOrTx, id: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row;
}
