// Stripe's object ids (`pi_…`, `cus_…`, `pm_…`) and timestamps (Unix seconds).
import { randomBytes } from 'node:crypto';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
