// Every feature page of the app, each loaded on its first visit (docs/ARCHITECTURE.md#layers): the
// sign-in pages, the buyer-facing pages and the back office. The route tree is in app/router.tsx.
import { lazyPage } from './lazy-page.ts';

// Public: sign-in pages
export const LoginPage = lazyPage(() => import('../../features/auth/pages/login-page.tsx'), 'LoginPage');
export const OtpPage = lazyPage(() => import('../../features/auth/pages/otp-page.tsx'), 'OtpPage');
export const ForgotPasswordPage = lazyPage(
  () => import('../../features/auth/pages/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('../../features/auth/pages/reset-password-page.tsx'),
  'ResetPasswordPage',
);

// Common: buyer-facing pages
export const ProductCheckoutPage = lazyPage(
  () => import('../../features/checkout/product-checkout-page.tsx'),
  'ProductCheckoutPage',
);
export const QuickPaymentCheckoutPage = lazyPage(
  () => import('../../features/checkout/quick-payment-checkout-page.tsx'),
  'QuickPaymentCheckoutPage',
);
export const InvoiceCheckoutPage = lazyPage(
  () => import('../../features/checkout/invoice-checkout-page.tsx'),
  'InvoiceCheckoutPage',
);
export const InvoiceCopyPage = lazyPage(
  () => import('../../features/checkout/invoice-copy-page.tsx'),
  'InvoiceCopyPage',
);
export const EmbedPage = lazyPage(() => import('../../features/embed/embed-page.tsx'), 'EmbedPage');

// Private: back office and merchant portal
export const UsersPage = lazyPage(() => import('../../features/users/users-page.tsx'), 'UsersPage');
export const SetupPage = lazyPage(() => import('../../features/setup/setup-page.tsx'), 'SetupPage');
export const ConnectionsPage = lazyPage(
  () => import('../../features/connections/connections-page.tsx'),
  'ConnectionsPage',
);
export const PaymentConnectionPage = lazyPage(
  () => import('../../features/payment-connections/payment-connection-page.tsx'),
  'PaymentConnectionPage',
);
export const ProductsPage = lazyPage(() => import('../../features/products/products-page.tsx'), 'ProductsPage');
export const TransactionsPage = lazyPage(
  () => import('../../features/transactions/transactions-page.tsx'),
  'TransactionsPage',
);
export const TransactionDetailPage = lazyPage(
  () => import('../../features/transactions/transaction-detail-page.tsx'),
  'TransactionDetailPage',
);
export const SubscriptionsPage = lazyPage(
  () => import('../../features/subscriptions/subscriptions-page.tsx'),
  'SubscriptionsPage',
);
export const SubscriptionDetailPage = lazyPage(
  () => import('../../features/subscriptions/subscription-detail-page.tsx'),
  'SubscriptionDetailPage',
);
export const TestClocksPage = lazyPage(
  () => import('../../features/subscriptions/test-clocks-page.tsx'),
  'TestClocksPage',
);
export const CustomersPage = lazyPage(() => import('../../features/customers/customers-page.tsx'), 'CustomersPage');
export const CustomerDetailPage = lazyPage(
  () => import('../../features/customers/customer-detail-page.tsx'),
  'CustomerDetailPage',
);
export const InvoicesPage = lazyPage(() => import('../../features/invoices/invoices-page.tsx'), 'InvoicesPage');
export const AddEditInvoicePage = lazyPage(
  () => import('../../features/invoices/add-edit-invoice-page.tsx'),
  'AddEditInvoicePage',
);
export const RecurringInvoicesPage = lazyPage(
  () => import('../../features/recurring-invoices/recurring-invoices-page.tsx'),
  'RecurringInvoicesPage',
);
export const RecurringInvoicePage = lazyPage(
  () => import('../../features/recurring-invoices/recurring-invoice-page.tsx'),
  'RecurringInvoicePage',
);
export const RecurringInvoiceFormPage = lazyPage(
  () => import('../../features/recurring-invoices/recurring-invoice-form-page.tsx'),
  'RecurringInvoiceFormPage',
);
export const QuickPaymentsPage = lazyPage(
  () => import('../../features/quick-payments/quick-payments-page.tsx'),
  'QuickPaymentsPage',
);
export const VirtualTerminalPage = lazyPage(
  () => import('../../features/virtual-terminal/virtual-terminal-page.tsx'),
  'VirtualTerminalPage',
);
export const DashboardPage = lazyPage(() => import('../../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
export const WelcomePage = lazyPage(() => import('../../features/welcome/welcome-page.tsx'), 'WelcomePage');
export const SubMerchantsPage = lazyPage(
  () => import('../../features/sub-merchants/sub-merchants-page.tsx'),
  'SubMerchantsPage',
);
export const EmbedSettingsPage = lazyPage(
  () => import('../../features/embed-settings/embed-settings-page.tsx'),
  'EmbedSettingsPage',
);
export const DevelopersPage = lazyPage(() => import('../../features/developers/developers-page.tsx'), 'DevelopersPage');

export const MerchantsPage = lazyPage(() => import('../../features/merchants/merchants-page.tsx'), 'MerchantsPage');
export const MerchantDetailPage = lazyPage(
  () => import('../../features/merchants/merchant-detail-page.tsx'),
  'MerchantDetailPage',
);
export const CatalogPage = lazyPage(() => import('../../features/catalog/catalog-page.tsx'), 'CatalogPage');
export const FinancialConnectionsPage = lazyPage(
  () => import('../../features/financial-connections/financial-connections-page.tsx'),
  'FinancialConnectionsPage',
);
export const AdminUsersPage = lazyPage(
  () => import('../../features/admin-users/admin-users-page.tsx'),
  'AdminUsersPage',
);
export const IndustryTypesPage = lazyPage(
  () => import('../../features/industry-types/industry-types-page.tsx'),
  'IndustryTypesPage',
);
export const AllConfiguredProvidersPage = lazyPage(
  () => import('../../features/providers/all-configured-providers-page.tsx'),
  'AllConfiguredProvidersPage',
);

export const ChangePasswordPage = lazyPage(
  () => import('../../features/auth/pages/change-password-page.tsx'),
  'ChangePasswordPage',
);
