// Invoice lines and totals from what the merchant sent: product lines are checked against the
// merchant's own products, and every amount is computed here with money.invoiceTotals — a total the
// client sends is never read (docs/ARCHITECTURE.md#api-conventions).
import { adjustmentsOf, type InvoiceInput, ITEM_TYPE } from '@kassa/contract/invoices';
import { invoiceTotals, lineTotal, MoneyError } from '@kassa/contract/money';
import type { DbOrTx } from '../../db/client.ts';
import { invalid } from '../../lib/app-error.ts';
import { findLiveProducts } from '../products/products.service.ts';
import type { InvoiceInsert, InvoiceItemInsert } from './invoices.queries.ts';

/** docs/product-rules.md#constants: the widget takes amounts from 0 to 99 999 999 minor units; a larger invoice could not be paid. */
const MAX_PAYABLE = 99_999_999;

export interface PricedInvoice {
  items: InvoiceItemInsert[];
  amounts: Pick<
    InvoiceInsert,
    | 'discountType'
    | 'shippingType'
    | 'taxType'
    | 'discountBps'
    | 'shippingBps'
    | 'taxBps'
    | 'subTotalAmount'
    | 'discountAmount'
    | 'shippingAmount'
    | 'taxAmount'
    | 'totalAmount'
  >;
}

/**
 * A product line takes the product's name (kept on the line, so renaming the product later does not
 * rewrite a sent invoice) and, unless the merchant gives this customer another price, the product's
 * price — which then must be in the invoice's currency.
 */
export type PricedInput = Pick<
  InvoiceInput,
  'items' | 'currency' | `${'discount' | 'shipping' | 'tax'}_${'type' | 'percentage' | 'amount'}`
>;

export async function priceInvoice(db: DbOrTx, merchantId: string, input: PricedInput): Promise<PricedInvoice> {
  const productIds = input.items.flatMap((i) => (i.item_type === ITEM_TYPE.PRODUCT ? [i.product_id] : []));
  const products = new Map((await findLiveProducts(db, merchantId, productIds)).map((p) => [p.id, p]));
  const items = input.items.map((item, position): InvoiceItemInsert => {
    if (item.item_type === ITEM_TYPE.NAMED) {
      return line(position, item.item_type, null, item.item_name, item.quantity, item.price);
    }
    const product = products.get(item.product_id);
    if (!product) throw invalid(`items.${position}.product_id`, 'Choose one of your products');
    if (item.price === undefined && product.currency !== input.currency) {
      throw invalid(
        `items.${position}.price`,
        `The product is priced in ${product.currency}; enter a price in ${input.currency}`,
      );
    }
    return line(position, item.item_type, product.id, product.name, item.quantity, item.price ?? product.pricePerUnit);
  });
  try {
    const adjustments = adjustmentsOf(input);
    const totals = invoiceTotals({ items, ...adjustments });
    if (totals.total > MAX_PAYABLE) {
      throw invalid('items', 'The invoice total is above the largest amount one payment can take');
    }
    return {
      items,
      amounts: {
        discountType: input.discount_type,
        shippingType: input.shipping_type,
        taxType: input.tax_type,
        discountBps: adjustments.discountBps,
        shippingBps: adjustments.shippingBps,
        taxBps: adjustments.taxBps,
        subTotalAmount: totals.sub_total,
        discountAmount: totals.discount,
        shippingAmount: totals.shipping,
        taxAmount: totals.tax,
        totalAmount: totals.total,
      },
    };
  } catch (error) {
    if (error instanceof MoneyError) {
      throw invalid(/discount/.test(error.message) ? 'discount_amount' : 'items', error.message);
    }
    throw error;
  }
}

function line(
  position: number,
  itemType: number,
  productId: string | null,
  itemName: string,
  quantity: number,
  price: number,
): InvoiceItemInsert {
  return { position, itemType, productId, itemName, quantity, price, totalPrice: lineTotal(quantity, price) };
}
