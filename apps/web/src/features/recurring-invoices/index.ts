// The recurring invoices feature's face for other features: a customer's recurring invoices (the
// customer's page).
export { CustomerRecurringInvoices } from './components/customer-recurring-card.tsx';
