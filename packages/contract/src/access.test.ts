import { describe, expect, it } from 'vitest';
import { HUB_STATUS, merchantCanSell, merchantIsOpen } from './access.ts';

const open = { isBlocked: false, removedAt: null, paymentHubStatus: HUB_STATUS.ACTIVE };

describe('merchant standing', () => {
  it('an open merchant with an active Payment Hub sells', () => {
    expect(merchantIsOpen(open)).toBe(true);
    expect(merchantCanSell(open)).toBe(true);
  });

  it('a blocked or removed merchant is closed and sells nothing', () => {
    for (const closed of [
      { ...open, isBlocked: true },
      { ...open, removedAt: new Date('2026-01-02T00:00:00Z') },
      { ...open, removedAt: '2026-01-02T00:00:00Z' },
    ]) {
      expect(merchantIsOpen(closed)).toBe(false);
      expect(merchantCanSell(closed)).toBe(false);
    }
  });

  it('an open merchant whose Payment Hub is pending, in review or suspended signs in but does not sell', () => {
    for (const status of [HUB_STATUS.PENDING, HUB_STATUS.IN_REVIEW, HUB_STATUS.SUSPENDED, null]) {
      const merchant = { ...open, paymentHubStatus: status };
      expect(merchantIsOpen(merchant)).toBe(true);
      expect(merchantCanSell(merchant)).toBe(false);
    }
  });
});
