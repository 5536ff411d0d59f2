// What the benches take from the API, compiled as `npm start` runs it (api-build.ts): the app, and the
// factories the benches seed with, compiled with it so that the bench process holds one copy of
// the API's modules, as a server does, not a second one through tsx (a larger heap for V8 to mark).
export { buildApp } from '../../apps/api/src/app.ts';
export { createContext } from '../../apps/api/src/bootstrap.ts';
export { readConfig } from '../../apps/api/src/config.ts';
export { openDatabase, sharedConnectionsFor } from '../../apps/api/src/db/client.ts';
export { apiKeys } from '../../apps/api/src/db/schema.ts';
export { hashApiKeySecret } from '../../apps/api/src/modules/api-keys/api-keys.service.ts';
export { VERIFIED_KEY_TTL_MS } from '../../apps/api/src/modules/api-keys/verified-keys.ts';
export { chargeableCardsOfCustomers } from '../../apps/api/src/modules/payment-methods/payment-methods.service.ts';
export { ensureFirstAdmin } from '../../apps/api/src/modules/users/first-admin.service.ts';
export { startMetricsServer } from '../../apps/api/src/observability/metrics-server.ts';
export { createMerchant } from '../../apps/api/test/factories/merchants.ts';
export { createSavedCard } from '../../apps/api/test/factories/saved-cards.ts';
export { createProduct } from '../../apps/api/test/factories/sellables.ts';
export { createUser } from '../../apps/api/test/factories/users.ts';
