// The invoices feature's face for other features: the list's data hook and the status badge (a
// customer's page lists that customer's invoices), and the lines editor with its form rules and
// totals (a recurring invoice's template has the same lines).
export { useInvoiceProducts, useInvoices } from './api/invoices-api.ts';
export {
  emptyItem,
  type InvoiceItemFormValues,
  itemsToForm,
  typedItems,
  typedPercentage,
} from './components/invoice-form.ts';
export { InvoiceItemsEditor, type LineItemsFormValues } from './components/invoice-items-editor.tsx';
export { InvoiceStatusBadge } from './components/invoice-status-badge.tsx';
export { InvoiceTotalsPanel } from './components/invoice-totals-panel.tsx';
export { watchedTotals } from './components/use-invoice-totals.ts';
