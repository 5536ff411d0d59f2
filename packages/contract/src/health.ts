// What the health probes answer (docs/ARCHITECTURE.md#processes-in-production): /health/live says the
// process runs; /health/ready (and the older /health/) whether it should be sent requests.
import { z } from 'zod';

export const liveResultSchema = z.object({ process: z.literal('running') });

export const readyResultSchema = z.object({
  database: z.literal('ok'),
  migrations: z.literal('current'),
});

export const healthResultSchema = z.object({
  database: z.literal('ok'),
  migrations: z.enum(['current', 'pending']),
});
