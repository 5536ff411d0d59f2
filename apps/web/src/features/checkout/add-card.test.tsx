import './checkout-test-mocks.ts';
import type { AddCardDetails } from '@kassa/contract/saved-cards';
import type { WidgetSavedCard } from '@kassa/widget';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/mock-api.ts';
import { mockCheckoutApi, mounted, renderCheckoutApp, routeOf } from './checkout-test-kit.tsx';

const TOKEN = 'add-card-token-0123456789abcdef';

const details = (over: Partial<AddCardDetails> = {}): AddCardDetails => ({
  merchant_name: 'Acme Outfitters',
  merchant_logo: null,
  customer_name: 'Ada Lovelace',
  replaces: null,
  consent_text: 'Save this card for future payments',
  expires_at: '2030-01-01T00:00:00.000Z',
  ...over,
});

function open(reply = ok(details())) {
  mockCheckoutApi((call) => {
    if (routeOf(call) === 'GET /pay/add-card/') return reply;
    throw new Error(routeOf(call));
  });
  renderCheckoutApp(`/card/add/${TOKEN}`);
}

describe('add-card page', () => {
  it('mounts the hosted fields to save a card for the link, then says the card is saved', async () => {
    open();
    expect((await screen.findByTestId('page-title')).textContent).toBe('Add a card');
    expect(screen.getByTestId('add-card-intro').textContent).toBe(
      'Ada Lovelace, Acme Outfitters asks for a card to keep for your future payments. Nothing is charged now.',
    );
    expect(screen.getByTestId('add-card-consent').textContent).toBe('Save this card for future payments');
    expect(screen.getByTestId('payment-submit-card').textContent).toBe('Save card');
    const options = await vi.waitFor(() => {
      const latest = mounted.at(-1);
      if (!latest) throw new Error('No widget mounted');
      return latest;
    });
    expect(options).toMatchObject({ method: 'card', token: TOKEN, purpose: 'saveCard', amount: 0 });
    const card: WidgetSavedCard = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
    await act(async () => {
      await (options.onCardSaved as (c: WidgetSavedCard) => unknown)(card);
    });
    expect(screen.getByTestId('card-saved').textContent).toContain(
      'Visa •••• 4242, expires 12/30, is saved with Acme Outfitters.',
    );
  });

  it('names the expiring card a replacement is for', async () => {
    open(
      ok(
        details({
          replaces: { id: 'c-1', brand: 'amex', last4: '0005', exp_month: 12, exp_year: 2026, expired: false },
        }),
      ),
    );
    expect((await screen.findByTestId('page-title')).textContent).toBe('Replace your card');
    expect(screen.getByTestId('add-card-intro').textContent).toContain(
      'instead of American Express •••• 0005, expires 12/26.',
    );
  });

  it('explains an expired or used link', async () => {
    open(fail(404, 'not_found', 'This link has expired. Ask for a new one.'));
    expect((await screen.findByTestId('page-title')).textContent).toBe('Link not available');
    expect(screen.getByText('This link has expired. Ask for a new one.')).toBeTruthy();
  });
});
