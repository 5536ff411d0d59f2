import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Keys } from './lib/keys.ts';
import type { Mailer } from './lib/mailer.ts';
import type { ProviderResolver } from './lib/providers.ts';
import type { Resolver } from './lib/ssrf-guard.ts';

/** Everything a service needs from the outside world, passed in so tests can swap any part. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  keys: Keys;
  mailer: Mailer;
  clock: Clock;
  /** Payment processor adapters by provider id. */
  providers: ProviderResolver;
  /** DNS for webhook URLs; unset means the system resolver. Tests answer without the network. */
  dns?: Resolver;
  /** Set by the server process; unset in tests and scripts, which never drain. */
  lifecycle?: Lifecycle;
}

export interface Lifecycle {
  /** SIGTERM came: /health/ready answers 503 while requests in flight finish. */
  draining: boolean;
}
