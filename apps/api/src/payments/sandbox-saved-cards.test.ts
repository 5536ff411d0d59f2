// The sandbox's vault as a processor's: what saving a test card keeps, and how the saved card answers.
import { describe, expect, it } from 'vitest';
import type { SavedCardPaymentRequest } from './provider.ts';
import {
  createSandboxProcessor,
  DECLINE_REASONS,
  type SandboxVault,
  type SandboxVaultCard,
} from './sandbox-processor.ts';

function memoryVault(): SandboxVault {
  const cards = new Map<string, SandboxVaultCard>();
  return {
    put: async (card) => void cards.set(card.token, { ...card }),
    find: async (token) => cards.get(token),
    findByPayment: async (ref) => [...cards.values()].find((c) => c.paymentReference === ref),
    confirm: async (token, at) => {
      cards.get(token)!.confirmedAt = at;
    },
    remove: async (token, at) => {
      cards.get(token)!.removedAt = at;
    },
    listOf: async (ref) => [...cards.values()].filter((c) => c.customerRef === ref && c.confirmedAt && !c.removedAt),
  };
}

const customer = { customerId: 'cus-1' };
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvv: '123' });
const base = { reference: 'tx-1', amount: 1_000, currency: 'USD', intent: 'capture' as const };
const sandbox = () => createSandboxProcessor({ publicUrl: 'http://kassa.test', vault: memoryVault() });

async function saved(processor: ReturnType<typeof sandbox>, number: string) {
  const answer = await processor.saveCard!({ reference: 'save-1', customer, card: card(number) });
  if (answer.status !== 'saved') throw new Error('not saved');
  return answer.card;
}
const chargeSaved = (token: string, initiator: 'customer' | 'merchant'): SavedCardPaymentRequest => ({
  ...base,
  method: 'saved_card',
  customer,
  token,
  initiator,
  recurring: 'card_on_file',
});

describe('the sandbox vault', () => {
  it('keeps brand, last 4, expiry and a stable fingerprint, never the number', async () => {
    const processor = sandbox();
    const a = await saved(processor, '4242424242424242');
    const b = await saved(processor, '4242 4242 4242 4242');
    expect(a).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(a.token).toMatch(/^sbx_pm_/);
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(JSON.stringify(a)).not.toContain('4242424242424242');
  });

  it('saves only test cards', async () => {
    await expect(sandbox().saveCard!({ reference: 'r', customer, card: card('5555555555554444') })).rejects.toThrow(
      /saves only its test cards/,
    );
  });

  it('keeps the test card behaviour with the token', async () => {
    const processor = sandbox();
    for (const number of ['4000000000000002', '4000000000000341']) {
      const token = (await saved(processor, number)).token;
      expect(await processor.authorize(chargeSaved(token, 'merchant'))).toMatchObject({
        status: 'authorization_failed',
        declineReason: DECLINE_REASONS.declined,
      });
    }
    const threeDs = (await saved(processor, '4000000000003220')).token;
    expect(await processor.authorize(chargeSaved(threeDs, 'customer'))).toMatchObject({
      status: 'buyer_approval_pending',
    });
    expect(await processor.authorize(chargeSaved(threeDs, 'merchant'))).toMatchObject({
      status: 'authorization_failed',
      authenticationRequired: true,
    });
    const ok = (await saved(processor, '4242424242424242')).token;
    expect((await processor.authorize(chargeSaved(ok, 'merchant'))).status).toBe('capture_succeeded');
  });

  it('charges a saved card only for its customer, and not once removed', async () => {
    const processor = sandbox();
    const { token } = await saved(processor, '4242424242424242');
    await expect(
      processor.authorize({ ...chargeSaved(token, 'merchant'), customer: { customerId: 'cus-2' } }),
    ).rejects.toThrow('This card is not saved for this customer.');
    await processor.removeSavedCard!({ customer, token });
    await expect(processor.authorize(chargeSaved(token, 'merchant'))).rejects.toThrow(
      'This card is not saved for this customer.',
    );
  });

  it('lists the customer’s kept cards as a processor does: not another customer’s, not a removed one', async () => {
    const processor = sandbox();
    const visa = await saved(processor, '4242424242424242');
    const kept = await saved(processor, '4000000000000002');
    await processor.saveCard!({
      reference: 'save-2',
      customer: { customerId: 'cus-2' },
      card: card('4242424242424242'),
    });
    await processor.removeSavedCard!({ customer, token: visa.token });
    expect(await processor.listSavedCards!({ customer })).toEqual([
      { token: kept.token, look: { brand: kept.brand, last4: kept.last4, expMonth: 12, expYear: 2030 } },
    ]);
  });

  it('saves with a payment, and keeps a card awaiting approval only once the buyer approves', async () => {
    const processor = sandbox();
    const paid = await processor.authorize({
      ...base,
      method: 'card',
      card: card('4242424242424242'),
      save: { customer },
    });
    expect(paid.savedCard).toMatchObject({ last4: '4242' });
    const pending = await processor.authorize({
      ...base,
      method: 'card',
      card: card('4000000000003220'),
      save: { customer },
    });
    expect(pending.savedCard).toBeUndefined();
    const stored = {
      providerReference: pending.providerReference,
      method: 'card' as const,
      intent: 'capture' as const,
      status: 'buyer_approval_pending' as const,
      amount: 1_000,
      currency: 'USD',
      capturedAmount: 0,
      refundedAmount: 0,
    };
    const approved = await processor.resolveApproval({ payment: stored, decision: 'approve' });
    expect(approved).toMatchObject({ status: 'capture_succeeded', savedCard: { last4: '3220' } });
    const declined = await processor.authorize({
      ...base,
      method: 'card',
      card: card('4000000000000002'),
      save: { customer },
    });
    expect(declined.savedCard).toBeUndefined();
  });
});
