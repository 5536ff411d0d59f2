import './checkout-test-mocks.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showCheckoutToast } from '../../components/payment/checkout-toast.ts';
import { fail, type MockReply, ok } from '../../test/mock-api.ts';
import {
  type ApiCall,
  bodyOf,
  completeWith,
  mockCheckoutApi,
  mounted,
  payOnceReady,
  product,
  renderCheckoutApp,
  routeOf,
  session,
} from './checkout-test-kit.tsx';
import { leavePage } from './navigate-away.ts';

afterEach(() => vi.useRealTimers());

function api(details = product(), extra: (route: string) => MockReply | null = () => null) {
  return mockCheckoutApi((call: ApiCall) => {
    const route = routeOf(call);
    const answer = extra(route);
    if (answer) return answer;
    if (route === 'GET /product/checkout-details/p-1/') return ok(details);
    if (route === 'POST /product/get-checkout-token/p-1/') {
      return ok(session(details.price_per_unit * (bodyOf(call).quantity as number)));
    }
    if (route === 'POST /transaction/send-notification/') return ok(null, 'Notification queued.');
    throw new Error(`Unexpected ${route}`);
  });
}

const open = () => renderCheckoutApp('/checkout/p-1');

describe('product checkout (docs/product-rules.md#product-checkout)', () => {
  it('shows the merchant, the product and a quantity stepper that never goes below 1', async () => {
    const calls = api();
    open();
    expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', 'Trail Backpack');
    expect(screen.getByTestId('merchant-name').textContent).toBe('Acme Outfitters');
    // docs/product-rules.md#product-checkout: the phone as the API formatted it, dialled as stored.
    expect(screen.getByTestId('merchant-phone').textContent).toBe('+1 415 555 2671');
    expect(screen.getByTestId('merchant-phone').getAttribute('href')).toBe('tel:+14155552671');
    expect(screen.getByTestId('unit-price').textContent).toBe('$25.00');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$25.00');
    expect(screen.getByTestId('quantity-minus')).toHaveProperty('disabled', true);
    // The first session opens at once, for quantity 1.
    await waitFor(() => expect(mounted.at(-1)?.amount).toBe(2_500));

    fireEvent.click(screen.getByTestId('quantity-plus'));
    fireEvent.click(screen.getByTestId('quantity-plus'));
    expect(screen.getByTestId('quantity-value')).toHaveProperty('value', '3');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$75.00');
    fireEvent.click(screen.getByTestId('quantity-minus'));
    expect(screen.getByTestId('checkout-total').textContent).toBe('$50.00');
    fireEvent.change(screen.getByTestId('quantity-value'), { target: { value: '0' } });
    expect(screen.getByTestId('quantity-value')).toHaveProperty('value', '1');
    fireEvent.change(screen.getByTestId('quantity-value'), { target: { value: '-4' } });
    expect(screen.getByTestId('quantity-value')).toHaveProperty('value', '4');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$100.00');

    // The session is reopened once the buyer stops changing the quantity, with the final quantity;
    // the widget gets the server's amount for it.
    await waitFor(() => expect(mounted.at(-1)?.amount).toBe(10_000));
    // The button says what it does and for how much.
    await waitFor(() => expect(screen.getByTestId('payment-submit-card').textContent).toBe('Pay $100.00'));
    const tokenCalls = calls.filter((c) => routeOf(c) === 'POST /product/get-checkout-token/p-1/');
    expect(tokenCalls.map((c) => bodyOf(c).quantity)).toEqual([1, 4]);
    expect(mounted.at(-1)).toMatchObject({
      method: 'card',
      token: 'card-token-10000',
      store: 'ask',
      paymentSource: 'recurring',
      merchantAccountId: 'm-1',
      currency: 'USD',
      country: 'US',
      intent: 'capture',
      autoSelect: 'first',
    });
  });

  it('shows the loading outline first, then the product image in a box sized before it loads', async () => {
    api(product({ image: '/apiv1/uploads/pack.jpg' }));
    open();
    expect(screen.getByTestId('checkout-skeleton')).toBeTruthy();
    const image = await screen.findByTestId('product-image');
    expect(image.getAttribute('src')).toBe('/apiv1/uploads/pack.jpg');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['520', '320']);
    expect(screen.queryByTestId('checkout-skeleton')).toBeNull();
  });

  it('opens one payment section at a time; toggling the open one closes it (docs/product-rules.md#checkout-payment-panel, docs/product-rules.md#states-and-transitions)', async () => {
    api();
    open();
    const card = await screen.findByTestId('payment-section-toggle-2');
    const nonCard = screen.getByTestId('payment-section-toggle-1');
    expect(card.textContent).toContain('Card Payment');
    expect(nonCard.textContent).toContain('Non-card Payments');
    const radio = (id: string) => screen.getByTestId(`payment-section-radio-${id}`).dataset.checked;
    expect([radio('2'), radio('1')]).toEqual(['true', 'false']);
    expect(screen.getByTestId('payment-section-2')).toBeTruthy();

    fireEvent.click(card);
    expect([radio('2'), radio('1')]).toEqual(['false', 'false']);
    expect(screen.queryByTestId('payment-section-2')).toBeNull();

    fireEvent.click(nonCard);
    expect([radio('2'), radio('1')]).toEqual(['false', 'true']);
    expect(screen.getByTestId('payment-section-1')).toBeTruthy();
    await waitFor(() => expect(mounted.at(-1)).toMatchObject({ method: 'non-card', token: 'wallet-token-2500' }));
    expect(mounted.at(-1)).not.toHaveProperty('store');

    fireEvent.click(card);
    expect([radio('2'), radio('1')]).toEqual(['true', 'false']);
    expect(screen.queryByTestId('payment-section-1')).toBeNull();
  });

  it('marks a test-mode merchant’s checkout “Test mode”, and a live one not', async () => {
    api(product(), (route) =>
      route === 'POST /product/get-checkout-token/p-1/' ? ok(session(2_500, { test_mode: true })) : null,
    );
    const view = open();
    expect((await screen.findByTestId('test-mode-marker')).textContent).toContain('Test mode');
    view.unmount();
    api(product(), (route) => (route === 'POST /product/get-checkout-token/p-1/' ? ok(session(2_500)) : null));
    open();
    await screen.findByTestId('payment-panel');
    expect(screen.queryByTestId('test-mode-marker')).toBeNull();
  });

  it('shows only the sections whose embed data exists, with the sanitised comment', async () => {
    api(product(), (route) =>
      route === 'POST /product/get-checkout-token/p-1/'
        ? ok(
            session(2_500, {
              token: null,
              embed_data: null,
              comment: '<p>Ships in <b>2 days</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
            }),
          )
        : null,
    );
    open();
    await screen.findByTestId('payment-section-toggle-2');
    expect(screen.queryByTestId('payment-section-toggle-1')).toBeNull();
    const comment = await screen.findByTestId('checkout-comment');
    expect(comment.innerHTML).toContain('<b>2 days</b>');
    expect(comment.innerHTML).not.toContain('onerror');
    expect(comment.innerHTML).not.toContain('script');
  });

  it('capture_succeeded: success toast, notification with the payload, success card with the message', async () => {
    const calls = api();
    open();
    await payOnceReady('capture_succeeded', 'tx-42');
    expect(showCheckoutToast).toHaveBeenCalledWith('success', 'Transaction completed successfully.');
    expect(screen.getByTestId('result-title').textContent).toBe('Transaction successful.');
    expect(screen.getByTestId('result-status').textContent).toBe('Success');
    expect(screen.getByTestId('merchant-message').textContent).toBe('Thanks for your order!');
    const notification = calls.find((c) => routeOf(c) === 'POST /transaction/send-notification/');
    expect(bodyOf(notification!)).toMatchObject({
      id: 'tx-42',
      type: 'product',
      merchant_name: 'Acme Outfitters',
      name: 'Trail Backpack',
      amount: 2_500,
      currency: 'USD',
    });
  });

  it.each([
    ['authorization_failed', 'Invalid card details.'],
    ['buyer_approval_pending', 'Approval pending from your side.'],
  ])('%s: an error toast and the form stays for another try', async (status, text) => {
    const calls = api();
    open();
    await payOnceReady(status);
    expect(showCheckoutToast).toHaveBeenCalledWith('error', text);
    expect(screen.queryByTestId('result-card')).toBeNull();
    expect(screen.getByTestId('payment-section-2')).toBeTruthy();
    expect(calls.some((c) => routeOf(c) === 'POST /transaction/send-notification/')).toBe(false);
  });

  it('any other status fails: failure toast, card with the raw status and a fresh session on retry', async () => {
    const calls = api();
    open();
    await payOnceReady('capture_failed');
    expect(showCheckoutToast).toHaveBeenCalledWith('error', 'Transaction failed. Please try again.');
    expect(screen.getByTestId('result-title').textContent).toBe('Transaction failed.');
    expect(screen.getByTestId('result-status').textContent).toBe('capture_failed');
    fireEvent.click(screen.getByTestId('try-again'));
    await screen.findByTestId('payment-section-2');
    expect(calls.filter((c) => routeOf(c) === 'POST /product/get-checkout-token/p-1/')).toHaveLength(2);
  });

  it('message_type 2: hides everything and redirects to the merchant URL after 300 ms', async () => {
    api(product({ message_type: 2, message: 'https://shop.example/thanks' }));
    open();
    await screen.findByTestId('payment-section-2');
    vi.useFakeTimers();
    await act(() => completeWith('capture_succeeded'));
    expect(screen.getByTestId('checkout-redirecting')).toBeTruthy();
    expect(screen.queryByTestId('page-title')).toBeNull();
    act(() => vi.advanceTimersByTime(299));
    expect(leavePage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(leavePage).toHaveBeenCalledWith('https://shop.example/thanks');
  });

  it('says why a product cannot be bought', async () => {
    mockCheckoutApi(() => fail(404, 'not_found', 'This product does not exist.'));
    open();
    expect((await screen.findByTestId('checkout-unavailable')).textContent).toContain('This product does not exist.');
  });
});

describe('product checkout in the buyer’s language (docs/i18n.md)', () => {
  it.each([
    {
      locale: 'fr' as const,
      documentTitle: 'Paiement · Kassa',
      payment: 'Paiement',
      unitPrice: 'Prix unitaire',
      decrease: 'Diminuer la quantité',
      price: /^25,00\s\$US$/,
      total: /^50,00\s\$US$/,
      pay: /^Payer 50,00\s\$US$/,
      paid: 'Transaction effectuée avec succès.',
    },
    {
      locale: 'es' as const,
      documentTitle: 'Pago · Kassa',
      payment: 'Pago',
      unitPrice: 'Precio por unidad',
      decrease: 'Reducir cantidad',
      price: /^25,00\sUS\$$/,
      total: /^50,00\sUS\$$/,
      pay: /^Pagar 50,00\sUS\$$/,
      paid: 'Transacción completada correctamente.',
    },
  ])(
    '$locale: the title, the labels, the total, the pay button and the toast, money written the $locale way',
    async (l) => {
      api();
      renderCheckoutApp('/checkout/p-1', l.locale);
      expect(await screen.findByTestId('page-title')).toHaveProperty('textContent', 'Trail Backpack');
      expect(document.title).toBe(l.documentTitle);
      expect(screen.getByRole('heading', { name: l.payment })).toBeTruthy();
      expect(screen.getByText(l.unitPrice)).toBeTruthy();
      expect(screen.getByTestId('unit-price').textContent).toMatch(l.price);
      expect(screen.getByRole('button', { name: l.decrease })).toHaveProperty('disabled', true);
      fireEvent.click(screen.getByTestId('quantity-plus'));
      expect(screen.getByTestId('checkout-total').textContent).toMatch(l.total);
      await waitFor(() => expect(mounted.at(-1)?.amount).toBe(5_000));
      await waitFor(() => expect(screen.getByTestId('payment-submit-card').textContent).toMatch(l.pay));
      await payOnceReady('capture_succeeded');
      expect(showCheckoutToast).toHaveBeenCalledWith('success', l.paid);
    },
  );
});
