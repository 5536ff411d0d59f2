// Signs in through the real pages, as a person does: e-mail and password, then the 6-digit code read
// from the server's outbox.
import type { Page } from 'playwright-core';
import { extractCode, SIGN_IN_CODE_SUBJECT, waitForMail } from './outbox.ts';

export async function signInThroughUi(page: Page, dataDir: string, email: string, password: string) {
  await page.goto('/login');
  const sentAfter = Date.now();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/otp/);
  const mail = await waitForMail(dataDir, email, {
    after: sentAfter,
    subject: SIGN_IN_CODE_SUBJECT,
    timeoutMs: 10_000,
  });
  await page.getByTestId('otp-code').fill(extractCode(mail));
  await page.getByTestId('otp-submit').click();
  await page.getByTestId('header-user-email').waitFor({ state: 'visible' });
}
