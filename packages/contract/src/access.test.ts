import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  type AccessSubject,
  APP,
  appAccessRefusal,
  HUB_STATUS,
  hasAdminFlag,
  invitableRoles,
  isFullSession,
  mayGrantCode,
  merchantCanSell,
  merchantIsOpen,
  ROLE,
  transactionAccessRefusal,
} from './access.ts';

const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  role: ROLE.MERCHANT_OWNER,
  appAccess: null,
  segments: null,
  paymentHubStatus: HUB_STATUS.ACTIVE,
  financeHubStatus: HUB_STATUS.ACTIVE,
  ...over,
});
const clerk = (codes: Record<number, number[]>) =>
  subject({ role: ROLE.MERCHANT_SUB_USER, appAccess: new Map(Object.entries(codes).map(([k, v]) => [Number(k), v])) });

describe('appAccessRefusal: the rule of requireMerchantAccess', () => {
  it('lets owners and staff do everything, a sub-user only what its codes say', () => {
    expect(appAccessRefusal(subject(), APP.PRODUCTS, 'delete')).toBeNull();
    expect(appAccessRefusal(subject({ role: ROLE.MERCHANT_STAFF }), APP.USERS, 'edit')).toBeNull();
    const viewer = clerk({ [APP.PRODUCTS]: [ACCESS.VIEW] });
    expect(appAccessRefusal(viewer, APP.PRODUCTS, 'view')).toBeNull();
    expect(appAccessRefusal(viewer, APP.PRODUCTS, 'edit')).toBe('You do not have edit access to Products.');
  });

  it('refuses admins, apps outside an embedded session, and apps of a hub that is not active', () => {
    expect(appAccessRefusal(subject({ role: ROLE.PLATFORM_ADMIN }), APP.PRODUCTS, 'view')).toBe(
      'This is for merchant accounts.',
    );
    expect(appAccessRefusal(subject({ segments: ['PR'] }), APP.INVOICES, 'view')).toBe(
      'This embedded session does not include that section.',
    );
    expect(appAccessRefusal(subject({ paymentHubStatus: HUB_STATUS.IN_REVIEW }), APP.PRODUCTS, 'view')).toBe(
      'The Payment Hub is not active for this merchant yet.',
    );
    expect(appAccessRefusal(subject({ paymentHubStatus: HUB_STATUS.IN_REVIEW }), APP.USERS, 'view')).toBeNull();
  });
});

describe('transactionAccessRefusal: who sees and who refunds transactions', () => {
  it('refunds need the Virtual Terminal: edit for a sub-user, the segment for an embedded session', () => {
    expect(transactionAccessRefusal(subject(), 'refund')).toBeNull();
    expect(transactionAccessRefusal(subject({ segments: ['PR'] }), 'view')).toBeNull();
    expect(transactionAccessRefusal(subject({ segments: ['PR'] }), 'refund')).toBe(
      'You do not have permission to refund.',
    );
    expect(transactionAccessRefusal(clerk({ [APP.VIRTUAL_TERMINAL]: [1, 3] }), 'refund')).toBeNull();
    expect(transactionAccessRefusal(clerk({ [APP.VIRTUAL_TERMINAL]: [1, 2] }), 'refund')).not.toBeNull();
  });
});

describe('hasAdminFlag and isFullSession', () => {
  it('gives the platform admin every flag and a staff admin its own', () => {
    const flags = { view_merchant: 0, view_catalog: 1, view_transactions: 0, view_industry_type: 0 } as const;
    expect(hasAdminFlag({ role: ROLE.PLATFORM_ADMIN, adminPermissions: null }, 'view_merchant')).toBe(true);
    expect(hasAdminFlag({ role: ROLE.STAFF_ADMIN, adminPermissions: flags }, 'view_catalog')).toBe(true);
    expect(hasAdminFlag({ role: ROLE.STAFF_ADMIN, adminPermissions: flags }, 'view_merchant')).toBe(false);
    expect(hasAdminFlag({ role: ROLE.MERCHANT_OWNER, adminPermissions: null }, 'view_merchant')).toBe(false);
  });

  it('counts any embedded session, even one without segments, as not a full session', () => {
    expect(isFullSession({ segments: null })).toBe(true);
    expect(isFullSession({ segments: [] })).toBe(false);
  });
});

describe('invitableRoles and mayGrantCode: what a user may hand out', () => {
  it('lets a sub-user invite sub-users with the codes it holds; owners and staff anyone with anything', () => {
    const inviter = clerk({ [APP.PRODUCTS]: [ACCESS.VIEW, ACCESS.CREATE] });
    expect(invitableRoles(inviter)).toEqual([ROLE.MERCHANT_SUB_USER]);
    expect(invitableRoles(subject({ role: ROLE.MERCHANT_STAFF }))).toEqual([
      ROLE.MERCHANT_SUB_USER,
      ROLE.MERCHANT_STAFF,
    ]);
    expect(mayGrantCode(inviter, APP.PRODUCTS, ACCESS.CREATE)).toBe(true);
    expect(mayGrantCode(inviter, APP.PRODUCTS, ACCESS.DELETE)).toBe(false);
    expect(mayGrantCode(subject(), APP.USERS, ACCESS.DELETE)).toBe(true);
  });
});

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
