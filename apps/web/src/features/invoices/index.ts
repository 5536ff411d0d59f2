// The invoices feature's face for other features: the list's data hook and the status badge (a
// customer's page lists that customer's invoices).
export { useInvoices } from './api/invoices-api.ts';
export { InvoiceStatusBadge } from './components/invoice-status-badge.tsx';
