// An API key as the Developers page lists it: a live key that reads products, never used yet.
import type { ApiKey } from '@kassa/contract/developers';

export const apiKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'Shop backend',
  mode: 'live',
  scopes: ['products:read'],
  prefix: 'sk_live_AbCd',
  last4: 'Wx9z',
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  rolled_from_id: null,
  ...over,
});
