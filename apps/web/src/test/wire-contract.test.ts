import { describe, expect, it } from 'vitest';
import { wireMismatch } from './wire-contract.ts';

describe('faked replies are checked against the API document', () => {
  const owner = {
    id: 'u-1',
    role: 2,
    first_name: 'Olive',
    last_name: 'Owner',
    email: 'owner@acme.example',
    phone: null,
    image: null,
    send_notification: true,
    locale: null,
    merchant: null,
  };

  it('accepts what the API answers', () => {
    expect(wireMismatch('get', '/auth/profile/', 200, { status: 'success', result: owner })).toBeNull();
  });

  it('names a missing field, an extra one and a wrong type', () => {
    const { email: _, ...withoutEmail } = owner;
    expect(wireMismatch('get', '/auth/profile/', 200, { status: 'success', result: withoutEmail })).toContain(
      "must have required property 'email'",
    );
    expect(
      wireMismatch('get', '/auth/profile/', 200, { status: 'success', result: { ...owner, otp_token: 'x' } }),
    ).toContain('(otp_token)');
    expect(
      wireMismatch('get', '/auth/profile/', 200, { status: 'success', result: { ...owner, role: '2' } }),
    ).toContain('/result/role must be integer');
  });

  it('refuses a route the API does not have, and a status it never answers', () => {
    expect(wireMismatch('get', '/no-such-route/', 200, {})).toBe('GET /apiv1/no-such-route/ is not a route of the API');
    expect(wireMismatch('get', '/auth/profile/', 202, {})).toBe('GET /apiv1/auth/profile/ never answers 202');
  });

  it('matches a literal segment before a parameter, and reads the query string off', () => {
    expect(wireMismatch('get', '/admin/merchant/financial-connection/?page=2', 200, { status: 'success' })).toContain(
      "/admin/merchant/financial-connection/ 200: (reply) must have required property 'result'",
    );
  });
});
