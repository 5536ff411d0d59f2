import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin from '../plugins/errors.ts';
import { redactError, serverLogger } from './log-redaction.ts';

function failedQuery() {
  const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
    code: '23505',
    constraint: 'users_email_uq',
    detail: 'Key (lower(email))=(grace@hopper.example) already exists.',
  });
  // The shape of Drizzle's DrizzleQueryError: the parameters in the message and in a field.
  return Object.assign(
    new Error(
      'Failed query: insert into "users" ("email", "first_name") values ($1, $2)\nparams: grace@hopper.example,Grace',
    ),
    { query: 'insert into "users" …', params: ['grace@hopper.example', 'Grace'], cause: pgError },
  );
}

describe('redactError', () => {
  it('keeps the SQL, the codes and the stack frames, and drops every parameter and detail', () => {
    const logged = JSON.stringify(redactError(failedQuery()));
    expect(logged).not.toContain('grace@hopper.example');
    expect(logged).not.toContain('Grace');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('users_email_uq');
    expect(logged).toContain('log-redaction.test.ts');
  });

  it('is what the server log shows when a route fails on a query', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...serverLogger('info'), stream: sink } });
    await app.register(errorsPlugin);
    app.get('/fail', async () => {
      throw failedQuery();
    });
    expect((await app.inject({ method: 'GET', url: '/fail' })).statusCode).toBe(500);
    await app.close();
    expect(lines.join('')).toContain('Failed query');
    expect(lines.join('')).toContain('log-redaction.test.ts');
    expect(lines.join('')).not.toContain('hopper');
  });
});
