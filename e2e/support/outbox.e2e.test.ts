// The outbox reader against mail written by the server's own outbox mailer (no browser needed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMailer } from '../../apps/api/src/lib/mailer.ts';
import { decodeQuotedPrintable, extractCode, extractLink, waitForMail } from './outbox.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kassa-outbox-'));
const mailer = outboxMailer(join(dataDir, 'outbox'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('outbox reader', () => {
  it('finds the newest mail to a recipient and reads the code and a long link across soft line breaks', async () => {
    const token = 'x'.repeat(90);
    await mailer.send({ to: 'owner@acme.example', subject: 'Old code', text: 'Your code is 111111' });
    const before = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    await mailer.send({
      to: 'owner@acme.example',
      subject: 'Votre code — Kassa',
      text: `Your sign-in code is 482913. It expires in 10 minutes. Café ünïcode.\n\nSet your password: http://127.0.0.1:4000/reset-password?token=${token}&next=%2Flogin\n`,
      html: `<p>Code <b>482913</b></p><p><a href="http://127.0.0.1:4000/reset-password?token=${token}&amp;next=%2Flogin">Set password</a></p>`,
    });
    await mailer.send({ to: 'someone@else.example', subject: 'Other', text: 'code 999999' });

    const mail = await waitForMail(dataDir, 'owner@acme.example', { after: before });
    expect(mail.subject).toBe('Votre code — Kassa');
    expect(mail.text).toContain('Café ünïcode');
    expect(extractCode(mail)).toBe('482913');
    expect(extractLink(mail, '/reset-password')).toBe(
      `http://127.0.0.1:4000/reset-password?token=${token}&next=%2Flogin`,
    );
    expect(extractLink({ text: '', html: mail.html }, /reset-password/)).toBe(
      `http://127.0.0.1:4000/reset-password?token=${token}&next=%2Flogin`,
    );
  });

  it('waits for mail that arrives later, and gives up with a clear error', async () => {
    const pending = waitForMail(dataDir, 'late@acme.example', { timeoutMs: 3_000 });
    setTimeout(() => void mailer.send({ to: 'late@acme.example', subject: 'Late', text: 'Code 123456' }), 300);
    expect(extractCode(await pending)).toBe('123456');
    await expect(waitForMail(dataDir, 'nobody@acme.example', { timeoutMs: 200 })).rejects.toThrow(/No mail to nobody/);
  });

  it('decodes quoted-printable escapes and soft line breaks', () => {
    expect(decodeQuotedPrintable('http://a.example/?t=3Dabc=\ndef caf=C3=A9')).toBe('http://a.example/?t=abcdef café');
  });
});
