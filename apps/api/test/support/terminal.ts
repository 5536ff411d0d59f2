// A keyed phone payment through the Virtual Terminal in the API tests: the owner opens the checkout,
// the card is paid on /pay/charge/ from an address of its own.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../helper.ts';
import type { TestSession } from '../session.ts';
import { terminalBilling } from './buyer.ts';
import { newBuyerAddress, payByCard, testCard } from './checkout.ts';

export interface TerminalPayment {
  amount: number;
  currency?: string;
  /** Hold the card now and capture later (true), or capture at once. */
  authorizeOnly: boolean;
  card?: ReturnType<typeof testCard>;
}

/** Opens the checkout and pays it; the charge's answer is left to the test to judge. */
export async function chargeOnTerminal(
  t: TestApp,
  owner: TestSession,
  p: TerminalPayment,
): Promise<LightMyRequestResponse> {
  const open = await t.app.inject({
    method: 'POST',
    url: '/apiv1/virtual-terminal/checkout/',
    headers: owner.auth,
    payload: {
      amount: p.amount,
      currency: p.currency ?? 'USD',
      customer_first_name: 'Grace',
      customer_last_name: 'Hopper',
      customer_email: 'grace@example.com',
      authorize_only: p.authorizeOnly,
    },
  });
  expect(open.statusCode, open.body).toBe(200);
  return payByCard(t, open.json().result.token_card, {
    card: p.card ?? testCard(),
    billing: terminalBilling,
    remoteAddress: newBuyerAddress(),
  });
}

/** A Virtual Terminal payment that went through: its transaction's id and status. */
export async function payOnTerminal(t: TestApp, owner: TestSession, p: TerminalPayment) {
  const charge = await chargeOnTerminal(t, owner, p);
  expect(charge.statusCode, charge.body).toBe(200);
  return charge.json().result as { id: string; status: string };
}
