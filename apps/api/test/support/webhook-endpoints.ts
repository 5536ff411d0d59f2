// A webhook endpoint a merchant keeps for the length of one test: a payment or invoice whose events
// someone listens to is settled on the locked path, which announces them.
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../src/db/schema.ts';
import { sealWebhookSecret } from '../../src/modules/webhooks/webhooks.service.ts';
import type { TestApp } from '../helper.ts';

/** Runs `run` while the merchant has a test-mode endpoint subscribed to `eventTypes`, and removes it after. */
export async function withWebhookEndpoint(
  t: TestApp,
  merchantId: string,
  eventTypes: string[],
  run: () => Promise<void>,
): Promise<void> {
  const id = crypto.randomUUID();
  await t.ctx.db.insert(webhookEndpoints).values({
    id,
    merchantId,
    url: 'https://hooks.example.com/kassa',
    mode: 'test',
    eventTypes,
    secretSealed: sealWebhookSecret(t.ctx.keys, merchantId, id, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
  });
  try {
    await run();
  } finally {
    await t.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  }
}
