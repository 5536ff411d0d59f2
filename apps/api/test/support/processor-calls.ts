// The payment requests that reach the processor, for tests that count charges where the money moves
// rather than in Kassa's own rows.
import type { PaymentRequest } from '../../src/payments/provider.ts';
import type { TestApp } from '../helper.ts';

/** Wraps the app's processors so that every authorize request is recorded, in order, in the array returned. */
export function recordAuthorizations(t: TestApp): PaymentRequest[] {
  const authorized: PaymentRequest[] = [];
  const resolve = t.ctx.providers;
  t.ctx.providers = (name, connection) => {
    const provider = resolve(name, connection);
    return new Proxy(provider, {
      get(target, key, receiver) {
        if (key !== 'authorize') return Reflect.get(target, key, receiver);
        return (request: PaymentRequest) => {
          authorized.push(request);
          return target.authorize(request);
        };
      },
    });
  };
  return authorized;
}
