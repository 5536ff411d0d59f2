// Every move of Stripe Billing's subscription statuses, allowed and refused, as the API's conditional
// UPDATEs and the portal's buttons read them from one table.
import { describe, expect, it } from 'vitest';
import {
  billingSettingsSchema,
  nextSubscriptionStatus,
  SUBSCRIPTION_STATUSES,
  type SubscriptionEvent,
  type SubscriptionStatus,
  statusesAllowing,
} from './subscriptions.ts';

const ALLOWED: Record<SubscriptionEvent, Partial<Record<SubscriptionStatus, SubscriptionStatus>>> = {
  first_payment_succeeded: { incomplete: 'active' },
  trial_ended: { trialing: 'active' },
  renewal_failed: { active: 'past_due', trialing: 'past_due', past_due: 'past_due' },
  invoice_paid: { incomplete: 'active', past_due: 'active', unpaid: 'active' },
  retries_exhausted_cancel: { past_due: 'canceled' },
  retries_exhausted_unpaid: { past_due: 'unpaid' },
  first_invoice_expired: { incomplete: 'incomplete_expired' },
  pause: { active: 'paused', trialing: 'paused', past_due: 'paused' },
  resume: { paused: 'active' },
  cancel: {
    trialing: 'canceled',
    active: 'canceled',
    past_due: 'canceled',
    paused: 'canceled',
    unpaid: 'canceled',
    incomplete: 'canceled',
  },
};

describe('subscription status transitions', () => {
  for (const [event, moves] of Object.entries(ALLOWED) as [SubscriptionEvent, typeof ALLOWED.cancel][]) {
    for (const from of SUBSCRIPTION_STATUSES) {
      const to = moves[from] ?? null;
      it(`${event} from ${from} ${to ? `→ ${to}` : 'is refused'}`, () => {
        expect(nextSubscriptionStatus(from, event)).toBe(to);
      });
    }
    it(`${event} starts only from ${Object.keys(moves).join(', ')}`, () => {
      expect(statusesAllowing(event).sort()).toEqual(Object.keys(moves).sort());
    });
  }

  it('canceled and incomplete_expired are final: no event moves them', () => {
    for (const event of Object.keys(ALLOWED) as SubscriptionEvent[]) {
      expect(nextSubscriptionStatus('canceled', event)).toBeNull();
      expect(nextSubscriptionStatus('incomplete_expired', event)).toBeNull();
    }
  });
});

describe('billing settings', () => {
  it('takes increasing retry days and refuses others with a message a person reads', () => {
    expect(billingSettingsSchema.safeParse({ retry_days: [1, 3, 5, 7], after_last_retry: 'canceled' }).success).toBe(
      true,
    );
    const unordered = billingSettingsSchema.safeParse({ retry_days: [3, 3], after_last_retry: 'unpaid' });
    expect(unordered.error?.issues[0]?.message).toBe('List the retry days in increasing order');
    const zero = billingSettingsSchema.safeParse({ retry_days: [0], after_last_retry: 'unpaid' });
    expect(zero.error?.issues[0]?.message).toBe('A retry is at least 1 day later');
  });
});
