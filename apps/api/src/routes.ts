// One line per domain module; each is registered under /apiv1 with the app context.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import adminUserRoutes from './modules/admin-users/admin-users.routes.ts';
import apiKeyRoutes from './modules/api-keys/api-keys.routes.ts';
import auditRoutes from './modules/audit/audit.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import passkeyRoutes from './modules/auth/passkeys.routes.ts';
import passwordRoutes from './modules/auth/password.routes.ts';
import secondFactorRuleRoutes from './modules/auth/second-factor-rules.routes.ts';
import sessionRoutes from './modules/auth/sessions.routes.ts';
import totpRoutes from './modules/auth/totp.routes.ts';
import catalogRoutes from './modules/catalog/catalog.routes.ts';
import chargeRoutes from './modules/charges/charge.routes.ts';
import customerChargeRoutes from './modules/charges/customer-charge.routes.ts';
import checkoutRoutes from './modules/checkout/checkout.routes.ts';
import connectionRoutes from './modules/connections/connections.routes.ts';
import customerPortalRoutes from './modules/customer-portal/customer-portal.routes.ts';
import portalCheckoutRoutes from './modules/customer-portal/portal-checkout.routes.ts';
import customerRoutes from './modules/customers/customers.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import documentRoutes from './modules/documents/documents.routes.ts';
import embedRoutes from './modules/embed/embed.routes.ts';
import financingRoutes from './modules/financing/financing.routes.ts';
import giftCardRoutes from './modules/gift-cards/gift-cards.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import industryTypeRoutes from './modules/industry-types/industry-types.routes.ts';
import invoiceRoutes from './modules/invoices/invoices.routes.ts';
import merchantUserRoutes from './modules/merchant-users/merchant-users.routes.ts';
import adminProviderConnectionRoutes from './modules/merchants/admin-provider-connections.routes.ts';
import merchantRoutes from './modules/merchants/merchants.routes.ts';
import paymentMethodRoutes from './modules/payment-methods/payment-methods.routes.ts';
import priceRoutes from './modules/prices/prices.routes.ts';
import adyenWebhookRoutes from './modules/processor-webhooks/adyen-webhook.routes.ts';
import stripeWebhookRoutes from './modules/processor-webhooks/stripe-webhook.routes.ts';
import productRoutes from './modules/products/products.routes.ts';
import profileRoutes from './modules/profile/profile.routes.ts';
import quickPaymentRoutes from './modules/quick-payments/quick-payments.routes.ts';
import recurringInvoiceRoutes from './modules/recurring-invoices/recurring-invoices.routes.ts';
import subMerchantRoutes from './modules/sub-merchants/sub-merchants.routes.ts';
import checkoutSubscribeRoutes from './modules/subscriptions/checkout-subscribe.routes.ts';
import subscriptionRoutes from './modules/subscriptions/subscriptions.routes.ts';
import testClockRoutes from './modules/subscriptions/test-clocks.routes.ts';
import notifyRefundRoutes from './modules/transactions/notify-refund.routes.ts';
import transactionRoutes from './modules/transactions/transactions.routes.ts';
import uploadRoutes from './modules/uploads/uploads.routes.ts';
import accessRoutes from './modules/users/access.routes.ts';
import adminPermissionsRoutes from './modules/users/admin-permissions.routes.ts';
import virtualTerminalRoutes from './modules/virtual-terminal/virtual-terminal.routes.ts';
import webhookRoutes from './modules/webhooks/webhooks.routes.ts';

type RoutePlugin = (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;

export const ROUTE_MODULES: RoutePlugin[] = [
  healthRoutes,
  authRoutes,
  passwordRoutes,
  totpRoutes,
  passkeyRoutes,
  secondFactorRuleRoutes,
  sessionRoutes,
  profileRoutes,
  accessRoutes,
  adminPermissionsRoutes,
  checkoutRoutes,
  transactionRoutes,
  chargeRoutes,
  checkoutSubscribeRoutes,
  notifyRefundRoutes,
  merchantRoutes,
  auditRoutes,
  adminProviderConnectionRoutes,
  adminUserRoutes,
  industryTypeRoutes,
  catalogRoutes,
  productRoutes,
  priceRoutes,
  subscriptionRoutes,
  testClockRoutes,
  customerRoutes,
  customerPortalRoutes,
  portalCheckoutRoutes,
  paymentMethodRoutes,
  customerChargeRoutes,
  quickPaymentRoutes,
  invoiceRoutes,
  recurringInvoiceRoutes,
  documentRoutes,
  uploadRoutes,
  merchantUserRoutes,
  dashboardRoutes,
  subMerchantRoutes,
  virtualTerminalRoutes,
  connectionRoutes,
  stripeWebhookRoutes,
  giftCardRoutes,
  financingRoutes,
  embedRoutes,
  adyenWebhookRoutes,
  webhookRoutes,
  apiKeyRoutes,
];
