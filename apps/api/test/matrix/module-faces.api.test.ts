// Module faces: another module is used only through its service (`*.service.ts`). The composition
// root may also mount a module's `*.routes.ts` (routes.ts, app.ts) and start its `*.worker.ts`
// (jobs/). Every other import of a module's file from outside the module is a finding. KNOWN lists
// today's findings, which are being moved behind services: a new finding fails this test, and so does
// a listed one that is gone, so the list only ever shrinks until it is empty (docs/ARCHITECTURE.md#layers).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) yield path;
  }
}

function isFace(from: string, target: string): boolean {
  if (target.endsWith('.service.ts')) return true;
  if (target.endsWith('.routes.ts')) return from === 'routes.ts' || from === 'app.ts';
  if (target.endsWith('.worker.ts')) return from.startsWith('jobs/');
  return false;
}

function moduleFaceFindings(): string[] {
  const findings: string[] = [];
  for (const file of sources(SRC)) {
    const from = relative(SRC, file);
    const [top, ownModule] = from.split('/');
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = relative(SRC, resolve(dirname(file), specifier ?? ''));
      const [targetTop, targetModule] = target.split('/');
      if (targetTop !== 'modules') continue;
      if (top === 'modules' && targetModule === ownModule) continue;
      if (!isFace(from, target)) findings.push(`${from} -> ${target}`);
    }
  }
  return [...new Set(findings)].sort();
}

const KNOWN: string[] = [
  'app.ts -> modules/embed/embed-frame-ancestors.ts',
  'app.ts -> modules/webhooks/webhook-docs.ts',
  'context.ts -> modules/webhooks/ssrf-guard.ts',
  'jobs/background-jobs.ts -> modules/auth/account-limits.ts',
  'jobs/background-jobs.ts -> modules/charges/reconcile.ts',
  'modules/admin-users/admin-users.service.ts -> modules/users/admin-permissions.queries.ts',
  'modules/admin-users/invitation.ts -> modules/auth/password-tokens.ts',
  'modules/audit/audit.service.ts -> modules/merchants/merchants.queries.ts',
  'modules/auth/sign-in.service.ts -> modules/users/session-user.ts',
  'modules/charges/approval.service.ts -> modules/connections/payment-setup.ts',
  'modules/charges/charge.service.ts -> modules/checkout/checkout-token.ts',
  'modules/charges/charge.service.ts -> modules/checkout/checkout.queries.ts',
  'modules/charges/charge.service.ts -> modules/connections/payment-setup.ts',
  'modules/charges/fail-over.ts -> modules/connections/payment-setup.ts',
  'modules/charges/payment-locks.queries.ts -> modules/checkout/checkout-token.ts',
  'modules/charges/payment-return.service.ts -> modules/connections/payment-setup.ts',
  'modules/charges/reconcile.ts -> modules/connections/payment-setup.ts',
  'modules/charges/record-attempt.ts -> modules/checkout/checkout-token.ts',
  'modules/charges/record-attempt.ts -> modules/connections/payment-setup.ts',
  'modules/charges/record-attempt.ts -> modules/gift-cards/gift-card-payment.ts',
  'modules/charges/settle-payment.ts -> modules/gift-cards/gift-card-payment.ts',
  'modules/charges/settle-payment.ts -> modules/notifications/notifications.queries.ts',
  'modules/charges/settle-payment.ts -> modules/webhooks/webhook-events.ts',
  'modules/connections/key-rotation.service.ts -> modules/webhooks/webhook-key-rotation.ts',
  'modules/gift-cards/gift-cards.service.ts -> modules/connections/connections.queries.ts',
  'modules/invoices/invoice-lines.ts -> modules/products/products.queries.ts',
  'modules/invoices/invoices.service.ts -> modules/dashboard/read-scope.ts',
  'modules/invoices/invoices.service.ts -> modules/products/products.queries.ts',
  'modules/invoices/invoices.service.ts -> modules/webhooks/webhook-events.ts',
  'modules/merchant-users/merchant-users.service.ts -> modules/auth/password-tokens.ts',
  'modules/merchant-users/merchant-users.service.ts -> modules/auth/session.queries.ts',
  'modules/merchant-users/merchant-users.service.ts -> modules/users/access-list.ts',
  'modules/merchant-users/merchant-users.service.ts -> modules/users/access.queries.ts',
  'modules/merchants/merchant-register.service.ts -> modules/admin-users/invitation.ts',
  'modules/merchants/merchant-register.service.ts -> modules/industry-types/industry-types.queries.ts',
  'modules/processor-webhooks/adyen-webhook.service.ts -> modules/charges/charge.queries.ts',
  'modules/processor-webhooks/adyen-webhook.service.ts -> modules/charges/settle-payment.ts',
  'modules/processor-webhooks/adyen-webhook.service.ts -> modules/connections/connection-credentials.ts',
  'modules/processor-webhooks/adyen-webhook.service.ts -> modules/connections/connections.queries.ts',
  'modules/processor-webhooks/stripe-webhook.service.ts -> modules/charges/charge.queries.ts',
  'modules/processor-webhooks/stripe-webhook.service.ts -> modules/charges/settle-payment.ts',
  'modules/processor-webhooks/stripe-webhook.service.ts -> modules/connections/connection-credentials.ts',
  'modules/products/products.service.ts -> modules/dashboard/read-scope.ts',
  'modules/profile/merchant-profile.service.ts -> modules/uploads/image-store.ts',
  'modules/profile/profile.service.ts -> modules/users/session-user.queries.ts',
  'modules/profile/profile.service.ts -> modules/users/session-user.ts',
  'modules/quick-payments/quick-payments.service.ts -> modules/dashboard/read-scope.ts',
  'modules/quick-payments/quick-payments.service.ts -> modules/products/products.queries.ts',
  'modules/transactions/capture-void.service.ts -> modules/charges/charge.queries.ts',
  'modules/transactions/capture-void.service.ts -> modules/charges/settle-payment.ts',
  'modules/transactions/capture-void.service.ts -> modules/connections/payment-setup.ts',
  'modules/transactions/capture-void.service.ts -> modules/gift-cards/gift-card-payment.ts',
  'modules/transactions/capture-void.service.ts -> modules/notifications/notifications.queries.ts',
  'modules/transactions/capture-void.service.ts -> modules/webhooks/webhook-events.ts',
  'modules/transactions/refund.service.ts -> modules/charges/settle-payment.ts',
  'modules/transactions/refund.service.ts -> modules/connections/payment-setup.ts',
  'modules/transactions/refund.service.ts -> modules/gift-cards/gift-card-payment.ts',
  'modules/transactions/refund.service.ts -> modules/webhooks/webhook-events.ts',
  'modules/webhooks/webhook-events.ts -> modules/invoices/invoice-view.ts',
  'modules/webhooks/webhook-events.ts -> modules/invoices/invoices.queries.ts',
  'plugins/auth.ts -> modules/auth/actor.queries.ts',
  'server.ts -> modules/users/first-admin.ts',
];

describe('module faces', () => {
  it('no module reaches into another beyond the known findings, and fixed findings leave the list', () => {
    expect(moduleFaceFindings()).toEqual([...KNOWN].sort());
  });
});
