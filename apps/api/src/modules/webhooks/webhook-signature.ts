// Standard Webhooks signing: HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}" with the key
// bytes that the secret's base64 part (after `whsec_`) encodes, sent as `v1,<base64 signature>`.
// Several secrets (the current one and, after a roll, the previous one) give several signatures,
// space-separated, so a receiver that still holds the old secret keeps verifying.
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '@kassa/contract/webhooks';

export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

const keyBytes = (secret: string) =>
  Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');

export interface SignedMessage {
  id: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  body: string;
}

export function signWebhook(secrets: readonly string[], message: SignedMessage): string {
  const content = `${message.id}.${message.timestamp}.${message.body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyBytes(secret)).update(content, 'utf8').digest('base64')}`)
    .join(' ');
}

/** The three headers of one attempt. */
export function webhookHeaders(secrets: readonly string[], message: SignedMessage): Record<string, string> {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signWebhook(secrets, message),
  };
}
