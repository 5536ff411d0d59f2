// A customer and its saved cards as the customer routes answer them, for the customer pages', the
// Virtual Terminal's and the invoice form's tests.
import type { ChargeResult } from '@kassa/contract/checkout';
import type { Customer } from '@kassa/contract/customers';
import type { InvoiceSummary } from '@kassa/contract/invoices';
import type { SavedCardView } from '@kassa/contract/saved-cards';
import type { TransactionItem } from '@kassa/contract/transactions';
import type { InternalAxiosRequestConfig } from 'axios';
import { type MockReply, ok, pageOf, routeOf } from './mock-api.ts';

export const CUSTOMER_ID = '0b8d3a52-6f4c-4f1e-9a63-2f1d7c9e5a10';
export const VISA_ID = '3f0c3c52-1c1e-4b7e-9d7e-0a1b2c3d4e5f';
export const AMEX_ID = '9a8b7c6d-1c1e-4b7e-9d7e-0a1b2c3d4e5f';

export const customer = (over: Partial<Customer> = {}): Customer => ({
  id: CUSTOMER_ID,
  merchant_id: 'm-1',
  mode: 'test',
  test_clock_id: null,
  locale: null,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+442079460958',
  billing_address: {
    line1: '1 Analytical Way',
    line2: '',
    city: 'London',
    state: '',
    postal_code: 'N1',
    country: 'GB',
  },
  reference: 'cust-ada',
  metadata: {},
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const savedCard = (over: Partial<SavedCardView> = {}): SavedCardView => ({
  id: VISA_ID,
  customer_id: CUSTOMER_ID,
  mode: 'test',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  fingerprint: 'fp-4242',
  processor: 'sandbox',
  connection_id: null,
  consent_at: '2026-11-02T10:00:00.000Z',
  consent_page: 'https://pay.example.com/product/p-1',
  consent_text: 'Save this card for future payments',
  expired: false,
  expiring: false,
  created_at: '2026-11-02T10:00:00.000Z',
  ...over,
});

export const expiringAmex = () =>
  savedCard({ id: AMEX_ID, brand: 'amex', last4: '0005', exp_month: 12, exp_year: 2026, expiring: true });

export const chargeResult = (over: Partial<ChargeResult> = {}): ChargeResult => ({
  id: '7d9c1c1e-5a39-4f5e-9a43-2f7f0b0f1a01',
  status: 'capture_succeeded',
  amount: 1250,
  currency: 'USD',
  method: 'card',
  gift_card_amount: 0,
  failure_reason: null,
  failure_code: null,
  payment_method: { approval_url: null, brand: 'visa', last4: '4242' },
  ...over,
});

/**
 * The GETs of a customer's page: the customer, its saved cards, its payments and invoices (each
 * empty unless given). `over` answers other routes first ("POST /customer/{id}/charge/" …).
 */
export function customerPageApi(
  data: {
    customer?: Customer;
    cards?: SavedCardView[];
    payments?: TransactionItem[];
    invoices?: InvoiceSummary[];
  } = {},
  over: (route: string, config: InternalAxiosRequestConfig) => MockReply | undefined = () => undefined,
) {
  const c = data.customer ?? customer();
  return (config: InternalAxiosRequestConfig): MockReply => {
    const route = routeOf(config);
    const special = over(route, config);
    if (special) return special;
    if (route === `GET /customer/${c.id}/payment-method/`) return ok(data.cards ?? []);
    if (route === 'POST /transaction/transaction-details/')
      return ok({ ...pageOf(data.payments ?? []), next_cursor: null });
    if (route.startsWith('GET /invoice/?')) return ok(pageOf(data.invoices ?? []));
    if (route.startsWith('GET /recurring-invoice/?')) return ok(pageOf([]));
    // The customer's subscriptions and the merchant's recurring prices: none here.
    if (route.startsWith('GET /subscription/?') || route.startsWith('GET /price/?')) return ok(pageOf([]));
    return ok(c);
  };
}
