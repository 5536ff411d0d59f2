// How the API tests check a refused input: 400, and the field errors name exactly these paths.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Paths of the field errors in a failure envelope, sorted. */
export const errorPaths = (res: LightMyRequestResponse): string[] =>
  res
    .json()
    .errors.map((e: { path: string }) => e.path)
    .sort();

/** `res` is 400 with field errors on exactly `paths`, in any order. */
export function expectFieldErrors(res: LightMyRequestResponse, paths: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  expect(errorPaths(res)).toEqual([...paths].sort());
}
