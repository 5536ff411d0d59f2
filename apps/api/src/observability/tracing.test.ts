import { describe, expect, it } from 'vitest';
import { outgoingRequestAttributes, redactedPath } from './tracing.ts';

describe('the address a trace shows', () => {
  it('keeps the API words and replaces what a caller supplied', () => {
    expect(redactedPath('/apiv1/pay/charge/')).toBe('/apiv1/pay/charge/');
    expect(redactedPath('/apiv1/transaction/4f1c2b7e-0f6a-4c3e-9a51-0d2f6e8b9c10/refund/')).toBe(
      '/apiv1/transaction/:value/refund/',
    );
    expect(redactedPath('/apiv1/transaction/a1b2c3d4-0f6a-4c3e-9a51-0d2f6e8b9c10/')).toBe('/apiv1/transaction/:value/');
    expect(redactedPath('/add-card/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig')).toBe('/add-card/:value');
    expect(redactedPath('/apiv1/customers/ada@example.com/')).toBe('/apiv1/customers/:value/');
    expect(redactedPath('/apiv1/customers/?search=ada@example.com')).toBe('/apiv1/customers/');
    expect(redactedPath(undefined)).toBe('/');
  });

  it('keeps webhook tokens and processor ids out of the calls Kassa makes', () => {
    const attributes = outgoingRequestAttributes({
      protocol: 'https:',
      hostname: 'hooks.merchant.example',
      path: '/kassa/callback?token=s3cr3t-Token',
    });
    expect(attributes['url.full']).toBe('https://hooks.merchant.example/kassa/callback');
    expect(JSON.stringify(attributes)).not.toContain('s3cr3t');
    expect(
      outgoingRequestAttributes({
        protocol: 'https:',
        host: 'api.stripe.com',
        path: '/v1/payment_intents/pi_3Nabc123',
      })['url.path'],
    ).toBe('/v1/payment_intents/:value');
  });
});
