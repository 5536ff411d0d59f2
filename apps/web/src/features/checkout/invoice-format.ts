// Display helpers of the invoice pages (docs/product-rules.md#public-invoice). Plain functions: the checkout chunk has no zod, so
// nothing here imports the invoices contract at runtime.
import { buyerPagePath } from '@kassa/contract/buyer-pages';
import { formatCalendarDate, formatMomentUtc } from '@kassa/contract/date-display';

/** docs/product-rules.md#public-invoice: "Hi <capitalised first name>,". */
export const capitalise = (name: string) => {
  const trimmed = name.trim();
  return trimmed ? trimmed[0]!.toLocaleUpperCase() + trimmed.slice(1) : trimmed;
};

/** The API's "12.50" → "12.5%", "10.00" → "10%". */
export const percentLabel = (percentage: string, locale = 'en-US') => {
  const n = Number(percentage);
  // Intl writes the reader's percent: "12.5%" in English, "12,5 %" in German and French.
  return Number.isFinite(n)
    ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(n / 100)
    : `${percentage}%`;
};

/** Due dates are plain calendar dates (YYYY-MM-DD): written as the invoice e-mail writes them. */
export const formatDueDate = formatCalendarDate;

export const invoiceCheckoutPath = (id: string) => buyerPagePath('invoice-checkout', encodeURIComponent(id));
export const invoiceCopyPath = (id: string) => buyerPagePath('invoice-copy', encodeURIComponent(id));

/** When a payment was made, as the receipt e-mail writes it. */
export const formatPaymentDate = (iso: string, locale?: string) => formatMomentUtc(new Date(iso), locale);
