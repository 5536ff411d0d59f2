import { ALL_ACCESS, APPS } from '@kassa/contract/access';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { accessListForRole, accessRowsFromPut } from './access-list.ts';

describe('accessListForRole', () => {
  it('gives owners (2) and staff (5) every code on every app, whatever is stored', () => {
    for (const role of [2, 5]) {
      const list = accessListForRole(role, [{ app: 3, access: [1] }]);
      expect(list).toHaveLength(APPS.length);
      expect(list.every((e) => e.access.join() === ALL_ACCESS.join())).toBe(true);
    }
  });

  it('gives a sub-user (3) exactly what is stored, one entry per app in app order', () => {
    const list = accessListForRole(3, [
      { app: 6, access: [2, 1, 2] },
      { app: 3, access: [1] },
    ]);
    expect(list.map((e) => e.app_key)).toEqual(APPS.map((a) => a.key));
    expect(list.find((e) => e.app_key === 3)).toEqual({ app_key: 3, app: 'Products', access: [1] });
    expect(list.find((e) => e.app_key === 6)?.access).toEqual([1, 2]);
    expect(list.find((e) => e.app_key === 1)?.access).toEqual([]);
  });

  it('gives admins no app access', () => {
    expect(accessListForRole(1, [{ app: 3, access: [1] }]).every((e) => e.access.length === 0)).toBe(true);
  });
});

describe('accessRowsFromPut', () => {
  it('drops apps without codes, dedupes and sorts codes', () => {
    expect(
      accessRowsFromPut({
        access: [
          { app_key: 6, access: [3, 1, 1] },
          { app_key: 2, access: [] },
          { app_key: 3, access: [1] },
        ],
      }),
    ).toEqual([
      { app: 3, access: [1] },
      { app: 6, access: [1, 3] },
    ]);
  });

  it('refuses an app listed twice and codes without view, naming the fields', () => {
    let caught: unknown;
    try {
      accessRowsFromPut({
        access: [
          { app_key: 3, access: [1] },
          { app_key: 3, access: [1, 2] },
          { app_key: 6, access: [2] },
        ],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).statusCode).toBe(400);
    expect((caught as AppError).errors).toEqual([
      { path: 'access.1.app_key', message: 'This app is listed twice' },
      { path: 'access.2.access', message: 'Create, edit and delete need view access too' },
    ]);
  });
});
