// A mail server that takes a connection and then says nothing must fail the send well inside the
// outbox's half lease (a minute), not after nodemailer's own 30 s greeting and 10 min socket waits.
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smtpMailer } from './mailer.ts';

const held: Socket[] = [];
const silent = createServer((socket) => held.push(socket));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

it('gives up on a server that never greets within 20 seconds', async () => {
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
  const started = Date.now();
  await expect(mailer.send({ to: 'ada@example.com', subject: 'Receipt', text: 'Paid.' })).rejects.toThrow(
    /greeting|timeout/i,
  );
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(14_000);
  expect(waited).toBeLessThan(20_000);
}, 30_000);
