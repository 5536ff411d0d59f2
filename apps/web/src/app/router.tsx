// docs/product-rules.md#routes, docs/product-rules.md#route-access: every route, with public (logged-out only), common (both states) and private (under
// the home layout) rules. Every page is lazy; the public checkout pages share one chunk that never
// loads the back-office layout (vite.config.ts, docs/ARCHITECTURE.md#layers).
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { PATHS } from '../config/paths.ts';
import * as Pages from './routes/lazy-pages.ts';
import { PublicOnly } from './routes/route-guards.tsx';

// Layouts and shell routes
const AuthLayout = lazy(() => import('./layouts/auth-layout.tsx'));
const HomeLayout = lazy(() => import('./layouts/home-layout.tsx'));
const HomeIndex = lazy(() => import('./routes/home-index.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found-page.tsx'));
const UnauthorizedPage = lazy(() => import('./routes/unauthorized-page.tsx'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route element={<AuthLayout />}>
            <Route path={PATHS.login} element={<Pages.LoginPage />} />
            <Route path={PATHS.otp} element={<Pages.OtpPage />} />
            <Route path={PATHS.forgotPassword} element={<Pages.ForgotPasswordPage />} />
            <Route path={PATHS.resetPassword} element={<Pages.ResetPasswordPage />} />
          </Route>
        </Route>

        <Route path={PATHS.unauthorized} element={<UnauthorizedPage />} />
        <Route path={PATHS.productCheckout} element={<Pages.ProductCheckoutPage />} />
        <Route path={PATHS.quickPaymentCheckout} element={<Pages.QuickPaymentCheckoutPage />} />
        <Route path={PATHS.invoiceCheckout} element={<Pages.InvoiceCheckoutPage />} />
        <Route path={PATHS.invoiceCopy} element={<Pages.InvoiceCopyPage />} />
        <Route path={PATHS.embed} element={<Pages.EmbedPage />} />

        <Route path={PATHS.home} element={<HomeLayout />}>
          <Route index element={<HomeIndex />} />
          <Route path={PATHS.users} element={<Pages.UsersPage />} />
          <Route path={PATHS.setup} element={<Pages.SetupPage />} />
          <Route path={PATHS.connections} element={<Pages.ConnectionsPage />} />
          <Route path={PATHS.paymentService} element={<Pages.PaymentConnectionPage kind="payment_service" />} />
          <Route path={PATHS.giftCardService} element={<Pages.PaymentConnectionPage kind="gift_card" />} />
          <Route path={PATHS.digitalWallet} element={<Pages.PaymentConnectionPage kind="digital_wallet" />} />
          <Route path={PATHS.antiFraudService} element={<Pages.PaymentConnectionPage kind="anti_fraud" />} />
          <Route path={PATHS.products} element={<Pages.ProductsPage />} />
          <Route path={PATHS.transactions} element={<Pages.TransactionsPage />} />
          <Route path={PATHS.transactionDetail} element={<Pages.TransactionDetailPage />} />
          <Route path={PATHS.customers} element={<Pages.CustomersPage />} />
          <Route path={PATHS.customerDetail} element={<Pages.CustomerDetailPage />} />
          <Route path={PATHS.subscriptions} element={<Pages.SubscriptionsPage />} />
          <Route path={PATHS.testClocks} element={<Pages.TestClocksPage />} />
          <Route path={PATHS.subscriptionDetail} element={<Pages.SubscriptionDetailPage />} />
          <Route path={PATHS.invoices} element={<Pages.InvoicesPage />} />
          <Route path={PATHS.addEditInvoice} element={<Pages.AddEditInvoicePage />} />
          <Route path={PATHS.recurringInvoices} element={<Pages.RecurringInvoicesPage />} />
          <Route path={PATHS.newRecurringInvoice} element={<Pages.RecurringInvoiceFormPage />} />
          <Route path={PATHS.recurringInvoiceDetail} element={<Pages.RecurringInvoicePage />} />
          <Route path={PATHS.editRecurringInvoice} element={<Pages.RecurringInvoiceFormPage />} />
          <Route path={PATHS.quickPayments} element={<Pages.QuickPaymentsPage />} />
          <Route path={PATHS.virtualTerminal} element={<Pages.VirtualTerminalPage />} />
          <Route path={PATHS.dashboard} element={<Pages.DashboardPage />} />
          <Route path={PATHS.welcome} element={<Pages.WelcomePage />} />
          <Route path={PATHS.subMerchants} element={<Pages.SubMerchantsPage />} />
          <Route path={PATHS.embedSettings} element={<Pages.EmbedSettingsPage />} />
          <Route path={PATHS.developers} element={<Pages.DevelopersPage />} />
          <Route path={PATHS.merchants} element={<Pages.MerchantsPage />} />
          <Route path={PATHS.merchantDetail} element={<Pages.MerchantDetailPage />} />
          <Route path={PATHS.catalog} element={<Pages.CatalogPage />} />
          <Route path={PATHS.financialConnections} element={<Pages.FinancialConnectionsPage />} />
          <Route path={PATHS.adminUsers} element={<Pages.AdminUsersPage />} />
          <Route path={PATHS.industryTypes} element={<Pages.IndustryTypesPage />} />
          <Route path={PATHS.allConfiguredProviders} element={<Pages.AllConfiguredProvidersPage />} />
          <Route path={PATHS.changePassword} element={<Pages.ChangePasswordPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
