// The signer against the Standard Webhooks test vector and the reference `standardwebhooks` package.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature.ts';

describe('webhook signing', () => {
  it('matches the published Standard Webhooks test vector', () => {
    const signature = signWebhook(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
    });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('produces headers the standardwebhooks package verifies, and refuses a changed body', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const body = JSON.stringify({ type: 'test.ping', timestamp: new Date().toISOString(), data: { ok: 'ü' } });
    const headers = webhookHeaders([secret], {
      id: crypto.randomUUID(),
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('ü', 'u'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('signs with every secret given, so a receiver with the previous one still verifies after a roll', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"type":"test.ping"}';
    const headers = webhookHeaders([current, previous], {
      id: 'evt_1',
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(current).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, headers)).not.toThrow();
  });
});
