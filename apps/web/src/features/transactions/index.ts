// The transactions feature's face for other features: the status badge a merchant's page shows too,
// the file download its CSV export uses (the customers list exports the same way), and the list's
// data hook (a customer's page lists that customer's payments), and the status and method names in the
// reader's language (the dashboard's breakdowns).
export { isTransactionListKey, useTransactions } from './api/transactions-api.ts';
export { methodLabel } from './components/payment-method-text.ts';
export { statusLabel, TransactionStatusBadge } from './components/transaction-status.tsx';
export { downloadPdf } from './pdf-download.ts';
