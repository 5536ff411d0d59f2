import { describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT, checkoutOutcome, PAYMENT_SECTION, toggleAccordion } from './checkout-status.ts';

describe('checkoutOutcome', () => {
  it('capture_succeeded: success toast, notification, card "Success"', () => {
    expect(checkoutOutcome('capture_succeeded', 'product')).toEqual({
      isSuccess: true,
      toast: { kind: 'success', text: 'Transaction completed successfully.' },
      cardTitle: 'Transaction successful.',
      cardStatus: 'Success',
      sendNotification: true,
      redirectToProducts: false,
    });
    expect(checkoutOutcome('capture_succeeded', 'quick_payment').redirectToProducts).toBe(false);
  });

  it('authorization_failed: "Invalid card details." without redirect, even for a quick payment', () => {
    const outcome = checkoutOutcome('authorization_failed', 'quick_payment');
    expect(outcome.toast).toEqual({ kind: 'error', text: 'Invalid card details.' });
    expect(outcome).toMatchObject({
      isSuccess: false,
      cardTitle: 'Transaction failed.',
      cardStatus: 'authorization_failed',
      sendNotification: false,
      redirectToProducts: false,
    });
  });

  it('buyer_approval_pending: "Approval pending from your side."', () => {
    const outcome = checkoutOutcome('buyer_approval_pending', 'invoice');
    expect(outcome.toast).toEqual({ kind: 'error', text: 'Approval pending from your side.' });
    expect(outcome.isSuccess).toBe(false);
    expect(outcome.sendNotification).toBe(false);
  });

  it('anything else fails, shows the raw status and sends a quick payment back to products', () => {
    for (const status of ['capture_failed', 'processing', 'authorization_succeeded', 'something_new']) {
      const product = checkoutOutcome(status, 'product');
      expect(product.toast).toEqual({ kind: 'error', text: 'Transaction failed. Please try again.' });
      expect(product.cardTitle).toBe(CHECKOUT_TEXT.cardFailure);
      expect(product.cardStatus).toBe(status);
      expect(product.redirectToProducts).toBe(false);
      expect(checkoutOutcome(status, 'quick_payment').redirectToProducts).toBe(true);
    }
  });
});

describe('toggleAccordion', () => {
  it('opens, closes and switches sections', () => {
    expect(toggleAccordion(null, '1')).toBe('1');
    expect(toggleAccordion(null, '2')).toBe('2');
    expect(toggleAccordion('1', '1')).toBeNull();
    expect(toggleAccordion('2', '2')).toBeNull();
    expect(toggleAccordion('1', '2')).toBe('2');
    expect(toggleAccordion('2', '1')).toBe('1');
    expect(PAYMENT_SECTION).toEqual({ NON_CARD: '1', CARD: '2' });
  });
});
