// What the benches take from the API, compiled as `npm start` runs it (api-build.ts); only types may be
// imported from apps/api/src elsewhere in bench/support, or the benches would measure the sources run
// through tsx instead.
export { buildApp } from '../../apps/api/src/app.ts';
export { createContext } from '../../apps/api/src/bootstrap.ts';
export { readConfig } from '../../apps/api/src/config.ts';
export { openDatabase } from '../../apps/api/src/db/client.ts';
export { ensureFirstAdmin } from '../../apps/api/src/modules/users/first-admin.service.ts';
export { startMetricsServer } from '../../apps/api/src/observability/metrics-server.ts';
