// Authenticator apps in API tests: enrol a signed-in user as a person would (start, type the first
// code), and compute the codes an app would show at any step from now.
import { expect } from 'vitest';
import { TOTP_PERIOD_S, timeStep, totpCodeAt } from '../src/modules/auth/totp-code.ts';
import type { TestApp } from './helper.ts';

const STEP_MS = TOTP_PERIOD_S * 1000;

/**
 * Moves the test clock to one second into the next 30-second step, so a test has 29 seconds before
 * real time could move the server into another step under it.
 */
export function alignToStep(t: TestApp) {
  const now = t.clock.now().getTime();
  t.clock.advance(STEP_MS - (now % STEP_MS) + 1000);
}

/** The code an app shows `steps` steps from the test clock's now. */
export const appCode = (t: TestApp, secret: string, steps = 0) =>
  totpCodeAt(secret, new Date(t.clock.now().getTime() + steps * STEP_MS));

export const currentStep = (t: TestApp) => timeStep(t.clock.now());

/** A step later, so the last accepted code is no longer current. */
export function nextStep(t: TestApp) {
  t.clock.advance(STEP_MS);
}

export async function enrolTotp(t: TestApp, auth: { authorization: string }) {
  const start = await t.app.inject({ method: 'POST', url: '/apiv1/auth/totp/', headers: auth });
  expect(start.statusCode, start.body).toBe(200);
  const secret = start.json().result.secret as string;
  alignToStep(t);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/apiv1/auth/totp/confirm/',
    headers: auth,
    payload: { code: appCode(t, secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // The confirming code's step is spent: tests sign in from the next one.
  nextStep(t);
  return { secret, recoveryCodes: confirm.json().result.recovery_codes as string[] };
}
