// The Developers page's records as the API answers them, for its tests in English and in German: an
// API key, a webhook endpoint taking every event, and a delivery that failed all its 13 attempts.
import type { ApiKey } from '@kassa/contract/developers';
import type { WebhookDelivery, WebhookEndpoint } from '@kassa/contract/webhooks';

export const ENDPOINT_ID = '7a1b2c3d-0000-4000-8000-000000000001';

export const apiKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'Shop backend',
  mode: 'test',
  scopes: ['products:read', 'invoices:write'],
  prefix: 'sk_test_AbCd',
  last4: 'Wx9z',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  rolled_from_id: null,
  ...over,
});

export const webhookEndpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ENDPOINT_ID,
  url: 'https://shop.example.com/hooks',
  description: '',
  events: 'all',
  mode: 'test',
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const webhookDelivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd-1',
  event_id: 'e-1',
  event_type: 'payment.succeeded',
  status: 'failed',
  attempt_count: 13,
  next_attempt_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  attempts: [
    {
      id: 'a-1',
      attempted_at: '2026-11-01T10:00:01.000Z',
      status_code: 500,
      duration_ms: 42,
      response_snippet: 'Internal error',
      error: null,
    },
  ],
  ...over,
});
