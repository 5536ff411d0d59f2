// A saved card is flagged as expiring when it will not last until the customer's next charge made
// without them (payment-methods.service.ts isCardExpiring): their planned charge when there is one,
// else a month from now.
import { describe, expect, it } from 'vitest';
import { isCardExpired, isCardExpiring } from './payment-methods.service.ts';

const now = new Date('2026-11-30T12:00:00Z');
const card = (expMonth: number, expYear: number) => ({ expMonth, expYear });

describe('an expiring card', () => {
  it('without a planned charge: its last valid month is this one or the next', () => {
    expect(isCardExpiring(card(11, 2026), now)).toBe(true);
    expect(isCardExpiring(card(12, 2026), now)).toBe(true);
    expect(isCardExpiring(card(1, 2027), now)).toBe(false);
  });

  it('with a planned charge: it is no longer valid on that day', () => {
    const renewal = new Date('2027-03-15T00:00:00Z');
    expect(isCardExpiring(card(2, 2027), now, renewal)).toBe(true);
    expect(isCardExpiring(card(3, 2027), now, renewal)).toBe(false);
    // A charge planned tomorrow: a card valid through next month is fine for it.
    expect(isCardExpiring(card(12, 2026), now, new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });

  it('an expired card is expired, not expiring', () => {
    expect(isCardExpired(card(10, 2026), now)).toBe(true);
    expect(isCardExpiring(card(10, 2026), now, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });
});
