// docs/product-rules.md#routes, docs/product-rules.md#route-access: every route, with public (logged-out only), common (both states) and private (under
// the home layout) rules. Every page is lazy; the public checkout pages share one chunk that never
// loads the back-office layout (vite.config.ts, docs/ARCHITECTURE.md#layers).
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { PATHS } from '../config/paths.ts';
import { PublicOnly } from './routes/route-guards.tsx';

// Layouts and shell routes
const AuthLayout = lazy(() => import('./layouts/auth-layout.tsx'));
const HomeLayout = lazy(() => import('./layouts/home-layout.tsx'));
const HomeIndex = lazy(() => import('./routes/home-index.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found-page.tsx'));
const UnauthorizedPage = lazy(() => import('./routes/unauthorized-page.tsx'));

// Public: sign-in pages
const LoginPage = lazy(() => import('../features/auth/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const OtpPage = lazy(() => import('../features/auth/pages/otp-page.tsx').then((m) => ({ default: m.OtpPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);

// Common: buyer-facing pages
const ProductCheckoutPage = lazy(() =>
  import('../features/checkout/product-checkout-page.tsx').then((m) => ({ default: m.ProductCheckoutPage })),
);
const QuickPaymentCheckoutPage = lazy(() =>
  import('../features/checkout/quick-payment-checkout-page.tsx').then((m) => ({ default: m.QuickPaymentCheckoutPage })),
);
const InvoiceCheckoutPage = lazy(() =>
  import('../features/checkout/invoice-checkout-page.tsx').then((m) => ({ default: m.InvoiceCheckoutPage })),
);
const InvoiceCopyPage = lazy(() =>
  import('../features/checkout/invoice-copy-page.tsx').then((m) => ({ default: m.InvoiceCopyPage })),
);
const EmbedPage = lazy(() => import('../features/embed/embed-page.tsx').then((m) => ({ default: m.EmbedPage })));

// Private: back office and merchant portal
const ChangePasswordPage = lazy(() =>
  import('../features/auth/pages/change-password-page.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const MerchantsPage = lazy(() =>
  import('../features/merchants/merchants-page.tsx').then((m) => ({ default: m.MerchantsPage })),
);
const MerchantDetailPage = lazy(() =>
  import('../features/merchants/merchant-detail-page.tsx').then((m) => ({ default: m.MerchantDetailPage })),
);
const CatalogPage = lazy(() =>
  import('../features/catalog/catalog-page.tsx').then((m) => ({ default: m.CatalogPage })),
);
const TransactionsPage = lazy(() =>
  import('../features/transactions/transactions-page.tsx').then((m) => ({ default: m.TransactionsPage })),
);
const TransactionDetailPage = lazy(() =>
  import('../features/transactions/transaction-detail-page.tsx').then((m) => ({ default: m.TransactionDetailPage })),
);
const AdminUsersPage = lazy(() =>
  import('../features/admin-users/admin-users-page.tsx').then((m) => ({ default: m.AdminUsersPage })),
);
const IndustryTypesPage = lazy(() =>
  import('../features/industry-types/industry-types-page.tsx').then((m) => ({ default: m.IndustryTypesPage })),
);
const AllConfiguredProvidersPage = lazy(() =>
  import('../features/providers/all-configured-providers-page.tsx').then((m) => ({
    default: m.AllConfiguredProvidersPage,
  })),
);
const FinancialConnectionsPage = lazy(() =>
  import('../features/financial-connections/financial-connections-page.tsx').then((m) => ({
    default: m.FinancialConnectionsPage,
  })),
);
const SubMerchantsPage = lazy(() =>
  import('../features/sub-merchants/sub-merchants-page.tsx').then((m) => ({ default: m.SubMerchantsPage })),
);
const ConnectionsPage = lazy(() =>
  import('../features/connections/connections-page.tsx').then((m) => ({ default: m.ConnectionsPage })),
);
const PaymentConnectionPage = lazy(() =>
  import('../features/payment-connections/payment-connection-page.tsx').then((m) => ({
    default: m.PaymentConnectionPage,
  })),
);
const UsersPage = lazy(() => import('../features/users/users-page.tsx').then((m) => ({ default: m.UsersPage })));
const ProductsPage = lazy(() =>
  import('../features/products/products-page.tsx').then((m) => ({ default: m.ProductsPage })),
);
const InvoicesPage = lazy(() =>
  import('../features/invoices/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage })),
);
const AddEditInvoicePage = lazy(() =>
  import('../features/invoices/add-edit-invoice-page.tsx').then((m) => ({ default: m.AddEditInvoicePage })),
);
const QuickPaymentsPage = lazy(() =>
  import('../features/quick-payments/quick-payments-page.tsx').then((m) => ({ default: m.QuickPaymentsPage })),
);
const VirtualTerminalPage = lazy(() =>
  import('../features/virtual-terminal/virtual-terminal-page.tsx').then((m) => ({ default: m.VirtualTerminalPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const WelcomePage = lazy(() =>
  import('../features/welcome/welcome-page.tsx').then((m) => ({ default: m.WelcomePage })),
);
const SetupPage = lazy(() => import('../features/setup/setup-page.tsx').then((m) => ({ default: m.SetupPage })));
const DevelopersPage = lazy(() =>
  import('../features/developers/developers-page.tsx').then((m) => ({ default: m.DevelopersPage })),
);
const EmbedSettingsPage = lazy(() =>
  import('../features/embed-settings/embed-settings-page.tsx').then((m) => ({ default: m.EmbedSettingsPage })),
);

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route element={<AuthLayout />}>
            <Route path={PATHS.login} element={<LoginPage />} />
            <Route path={PATHS.otp} element={<OtpPage />} />
            <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={PATHS.resetPassword} element={<ResetPasswordPage />} />
          </Route>
        </Route>

        <Route path={PATHS.unauthorized} element={<UnauthorizedPage />} />
        <Route path={PATHS.productCheckout} element={<ProductCheckoutPage />} />
        <Route path={PATHS.quickPaymentCheckout} element={<QuickPaymentCheckoutPage />} />
        <Route path={PATHS.invoiceCheckout} element={<InvoiceCheckoutPage />} />
        <Route path={PATHS.invoiceCopy} element={<InvoiceCopyPage />} />
        <Route path={PATHS.embed} element={<EmbedPage />} />

        <Route path={PATHS.home} element={<HomeLayout />}>
          <Route index element={<HomeIndex />} />
          <Route path={PATHS.users} element={<UsersPage />} />
          <Route path={PATHS.setup} element={<SetupPage />} />
          <Route path={PATHS.connections} element={<ConnectionsPage />} />
          <Route path={PATHS.paymentService} element={<PaymentConnectionPage kind="payment_service" />} />
          <Route path={PATHS.giftCardService} element={<PaymentConnectionPage kind="gift_card" />} />
          <Route path={PATHS.digitalWallet} element={<PaymentConnectionPage kind="digital_wallet" />} />
          <Route path={PATHS.antiFraudService} element={<PaymentConnectionPage kind="anti_fraud" />} />
          <Route path={PATHS.products} element={<ProductsPage />} />
          <Route path={PATHS.transactions} element={<TransactionsPage />} />
          <Route path={PATHS.transactionDetail} element={<TransactionDetailPage />} />
          <Route path={PATHS.invoices} element={<InvoicesPage />} />
          <Route path={PATHS.addEditInvoice} element={<AddEditInvoicePage />} />
          <Route path={PATHS.quickPayments} element={<QuickPaymentsPage />} />
          <Route path={PATHS.virtualTerminal} element={<VirtualTerminalPage />} />
          <Route path={PATHS.dashboard} element={<DashboardPage />} />
          <Route path={PATHS.welcome} element={<WelcomePage />} />
          <Route path={PATHS.merchants} element={<MerchantsPage />} />
          <Route path={PATHS.merchantDetail} element={<MerchantDetailPage />} />
          <Route path={PATHS.catalog} element={<CatalogPage />} />
          <Route path={PATHS.financialConnections} element={<FinancialConnectionsPage />} />
          <Route path={PATHS.adminUsers} element={<AdminUsersPage />} />
          <Route path={PATHS.industryTypes} element={<IndustryTypesPage />} />
          <Route path={PATHS.allConfiguredProviders} element={<AllConfiguredProvidersPage />} />
          <Route path={PATHS.subMerchants} element={<SubMerchantsPage />} />
          <Route path={PATHS.embedSettings} element={<EmbedSettingsPage />} />
          <Route path={PATHS.developers} element={<DevelopersPage />} />
          <Route path={PATHS.changePassword} element={<ChangePasswordPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
