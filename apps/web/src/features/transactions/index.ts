// The transactions feature's face for other features: the status badge a merchant's page shows too,
// and the file download its CSV export uses (the customers list exports the same way).
export { TransactionStatusBadge } from './components/transaction-status.tsx';
export { downloadFile } from './download-file.ts';
