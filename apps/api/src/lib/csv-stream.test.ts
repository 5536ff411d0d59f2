import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvStream } from './csv-stream.ts';

/** Errors that would end a real server: Node exits on them. In a test they only reach listeners. */
const processErrors: unknown[] = [];
const record = (error: unknown) => processErrors.push(error);
beforeEach(() => {
  processErrors.length = 0;
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});
afterEach(() => {
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
});

async function* rowsThenFailure(goodRows: number) {
  for (let i = 0; i < goodRows; i++) yield [String(i), `row ${i}`];
  // What a bad value in date math throws (new Date('9999-99-99').toISOString()).
  throw new RangeError('Invalid time value');
}

async function appStreaming(goodRows: number) {
  const logged: { msg?: string; err?: { message?: string } }[] = [];
  const logSink = new Writable({
    write(chunk, _enc, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream: logSink } });
  app.get('/export', (_req, reply) =>
    reply.type('text/csv').send(csvStream(rowsThenFailure(goodRows), ['id', 'name'])),
  );
  app.get('/health', () => 'ok');
  await app.ready();
  return { app, logged };
}

describe('a CSV stream whose source fails', () => {
  it('answers 500 when nothing was sent yet, logs the error, and the server keeps serving', {
    timeout: 10_000,
  }, async () => {
    const { app, logged } = await appStreaming(0);
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/health' })).body).toBe('ok');
    expect(processErrors).toEqual([]);
    expect(logged.some((l) => l.err?.message === 'Invalid time value')).toBe(true);
    await app.close();
  });

  it('cuts only that response short once rows went out, logs the error, and the server keeps serving', {
    timeout: 10_000,
  }, async () => {
    const { app, logged } = await appStreaming(2000);
    // The status line and the first rows are gone: the connection is closed before the end.
    await expect(app.inject({ method: 'GET', url: '/export' })).rejects.toThrow(/destroyed before completion/);
    expect((await app.inject({ method: 'GET', url: '/health' })).body).toBe('ok');
    expect(processErrors).toEqual([]);
    expect(logged.some((l) => l.err?.message === 'Invalid time value')).toBe(true);
    await app.close();
  });
});
