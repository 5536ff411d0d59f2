// The transactions feature's face for other features: the status badge a merchant's page shows too.
export { TransactionStatusBadge } from './components/transaction-status.tsx';
