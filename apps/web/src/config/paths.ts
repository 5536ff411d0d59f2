// docs/product-rules.md#routes: every route of the app, in one place. Detail routes take an id.
import { buyerPagePath } from '@kassa/contract/buyer-pages';

export const PATHS = {
  home: '/',
  login: '/login',
  otp: '/otp',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setup: '/setup',
  connections: '/connections',
  users: '/users',
  paymentService: '/paymentservice',
  giftCardService: '/giftcardservice',
  digitalWallet: '/digitalwallet',
  antiFraudService: '/antifraudservice',
  products: '/products',
  productCheckout: buyerPagePath('product', ':productId'),
  transactions: '/transactions',
  transactionDetail: '/transactions/:id',
  customers: '/customers',
  customerDetail: '/customers/:id',
  subscriptions: '/subscriptions',
  subscriptionDetail: '/subscriptions/:id',
  testClocks: '/subscriptions/test-clocks',
  invoices: '/invoice',
  invoiceCopy: buyerPagePath('invoice-copy', ':id'),
  addEditInvoice: '/add-edit-invoice',
  recurringInvoices: '/recurring-invoices',
  newRecurringInvoice: '/recurring-invoices/new',
  recurringInvoiceDetail: '/recurring-invoices/:id',
  editRecurringInvoice: '/recurring-invoices/:id/edit',
  quickPayments: '/quickpayment',
  quickPaymentCheckout: buyerPagePath('quick-payment', ':id'),
  invoiceCheckout: buyerPagePath('invoice-checkout', ':id'),
  virtualTerminal: '/virtualterminal',
  dashboard: '/dashboard',
  welcome: '/welcome',
  merchants: '/merchants',
  merchantDetail: '/merchant-detail/:id',
  catalog: '/catalog',
  adminUsers: '/admin-users',
  industryTypes: '/industry-types',
  allConfiguredProviders: '/all-configured-providers',
  financialConnections: '/financial-connections',
  subMerchants: '/sub-merchants',
  embedSettings: '/embed-settings',
  developers: '/developers',
  changePassword: '/change-password',
  embed: '/embed',
  unauthorized: '/unauthorized',
} as const;

export const transactionDetailPath = (id: string) => `/transactions/${encodeURIComponent(id)}`;
export const subscriptionDetailPath = (id: string) => `/subscriptions/${encodeURIComponent(id)}`;
export const customerDetailPath = (id: string) => `/customers/${encodeURIComponent(id)}`;
export const merchantDetailPath = (id: string) => `/merchant-detail/${encodeURIComponent(id)}`;
export const editInvoicePath = (id: string) => `${PATHS.addEditInvoice}?id=${encodeURIComponent(id)}`;
export const recurringInvoicePath = (id: string) => `/recurring-invoices/${encodeURIComponent(id)}`;
export const editRecurringInvoicePath = (id: string) => `${recurringInvoicePath(id)}/edit`;
/** A new recurring invoice, for this customer when one is given (the customer's page). */
export const newRecurringInvoicePath = (customerId?: string) =>
  customerId ? `${PATHS.newRecurringInvoice}?customer_id=${encodeURIComponent(customerId)}` : PATHS.newRecurringInvoice;
