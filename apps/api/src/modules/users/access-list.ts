// Per-user app access as the API shows it (docs/product-rules.md#entities "User access list entry"; docs/ARCHITECTURE.md): one
// entry per app, in app order. Roles 2 and 5 hold every code on every app; role 3 holds what is
// stored; admins hold none (their rights are the role-4 flags, not apps).
import { ACCESS, ALL_ACCESS, APPS, ROLE } from '@kassa/contract/access';
import type { AccessPut, AppAccessEntry } from '@kassa/contract/auth';
import { AppError, type FieldError } from '../../lib/app-error.ts';

export interface StoredAccess {
  app: number;
  access: number[];
}

export function accessListForRole(role: number, stored: readonly StoredAccess[]): AppAccessEntry[] {
  const hasAll = role === ROLE.MERCHANT_OWNER || role === ROLE.MERCHANT_STAFF;
  const byApp = new Map(stored.map((s) => [s.app, s.access]));
  return APPS.map((app) => ({
    app_key: app.key,
    app: app.name,
    access: hasAll ? [...ALL_ACCESS] : role === ROLE.MERCHANT_SUB_USER ? sortedCodes(byApp.get(app.key) ?? []) : [],
  }));
}

const sortedCodes = (codes: readonly number[]) => [...new Set(codes)].sort((a, b) => a - b);

/**
 * Checks a PUT body beyond its schema and returns the rows to store (apps without codes dropped).
 * Create, edit and delete without view make no sense in a menu built from view access (docs/product-rules.md#side-navigation),
 * so they are refused rather than silently widened.
 */
export function accessRowsFromPut(body: AccessPut): StoredAccess[] {
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  body.access.forEach((entry, i) => {
    if (seen.has(entry.app_key)) errors.push({ path: `access.${i}.app_key`, message: 'This app is listed twice' });
    seen.add(entry.app_key);
    const codes = sortedCodes(entry.access);
    if (codes.length > 0 && !codes.includes(ACCESS.VIEW)) {
      errors.push({ path: `access.${i}.access`, message: 'Create, edit and delete need view access too' });
    }
  });
  if (errors.length > 0) {
    throw new AppError(
      'invalid_input',
      errors.length === 1 ? (errors[0]?.message ?? '') : 'Some fields need attention.',
      errors,
    );
  }
  return body.access
    .map((entry) => ({ app: entry.app_key, access: sortedCodes(entry.access) }))
    .filter((row) => row.access.length > 0)
    .sort((a, b) => a.app - b.app);
}
