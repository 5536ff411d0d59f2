// Test kit of the checkout pages' tests: a captured widget (the real one needs the hosted fields
// page), fixtures shaped like the API's answers, and a renderer for one public route.
import type { CheckoutTokenData, EmbedData, MerchantData, ProductCheckoutDetails } from '@kassa/contract/checkout';
import type { WidgetOptions, WidgetTransaction } from '@kassa/widget';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { AppProvider } from '../../app/provider.tsx';
import { makeStore } from '../../app/store.ts';

export const mounted: WidgetOptions[] = [];

/** What the widget's mount would do, minus the iframe: records the options. */
export function fakeMount(options: WidgetOptions) {
  mounted.push(options);
  return { iframe: document.createElement('iframe'), submit: () => true, destroy: () => undefined };
}

/** Completes the payment of the most recently mounted widget as the hosted fields would. */
export async function completeWith(status: string, id = 'tx-1') {
  const options = mounted.at(-1);
  if (!options) throw new Error('No widget mounted');
  const transaction: WidgetTransaction = { id, status, paymentMethod: { method: 'card', approvalUrl: null } };
  await (options.onComplete as (t: WidgetTransaction) => Promise<unknown>)(transaction);
}

export const merchant = (over: Partial<MerchantData> = {}): MerchantData => ({
  name: 'Acme Outfitters',
  logo: null,
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  phone: '+14155552671',
  phone_international: '+1 415 555 2671',
  master_merchant_logo: null,
  ...over,
});

export const product = (over: Partial<ProductCheckoutDetails> = {}): ProductCheckoutDetails => ({
  id: 'p-1',
  merchant_data: merchant(),
  image: null,
  name: 'Trail Backpack',
  description: 'Forty litres.',
  price_per_unit: 2_500,
  currency: 'USD',
  message_type: 1,
  message: 'Thanks for your order!',
  ...over,
});

const embed = (amount: number, metadata: Record<string, string>): EmbedData => ({
  amount,
  intent: 'capture',
  currency: 'USD',
  country: 'US',
  metadata,
  buyer_id: 'b-1',
});

export const session = (amount: number, over: Partial<CheckoutTokenData> = {}): CheckoutTokenData => ({
  merchant_id: 'm-1',
  token_card: `card-token-${amount}`,
  token: `wallet-token-${amount}`,
  embed_data_card: embed(amount, { product_id_card: 'p-1' }),
  embed_data: embed(amount, { product_id: 'p-1' }),
  comment: null,
  expires_at: '2030-01-01T00:00:00.000Z',
  gift_cards_accepted: false,
  ...over,
});

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

/** One public page at `path` under its route pattern, logged out, with a fresh SWR cache. */
export function renderPublicPage(pattern: string, path: string, page: ReactNode) {
  return render(
    <AppProvider store={makeStore()}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="/products" element={<p>Products page</p>} />
            <Route path="/invoice/checkout/:id" element={<p>Invoice checkout page</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SWRConfig>
    </AppProvider>,
  );
}
