import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messageIdOf, outboxMailer } from './mailer.ts';

const dir = mkdtempSync(join(tmpdir(), 'kassa-mailer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outbox mailer', () => {
  it('writes the Message-ID it is given, the same at every send, and only whole .eml files', async () => {
    const mailer = outboxMailer(dir);
    const messageId = messageIdOf('0b7c9a51-5d0e-4d7e-9f3a-2f1c8f0e6a11');
    expect(messageId).toBe('<0b7c9a51-5d0e-4d7e-9f3a-2f1c8f0e6a11@kassa.local>');
    const receipt = { to: 'buyer@example.com', subject: 'Your receipt', text: 'Paid', messageId };
    await mailer.send(receipt);
    await mailer.send(receipt);
    await mailer.send({ to: 'buyer@example.com', subject: 'Your code', text: '123456' });
    const files = readdirSync(dir);
    expect(files.filter((f) => !f.endsWith('.eml'))).toEqual([]);
    const ids = files.map((f) => /^Message-ID: (.*)$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]);
    expect(ids.filter((id) => id === messageId)).toHaveLength(2);
    // A mail without one gets its own from nodemailer.
    expect(ids.filter((id) => id !== messageId)).toEqual([expect.stringMatching(/^<.+@.+>$/)]);
  });
});
