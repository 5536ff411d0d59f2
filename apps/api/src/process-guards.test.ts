import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guards = fileURLToPath(new URL('./process-guards.ts', import.meta.url));
/** Fastify's logger, as the server uses it (the script runs outside the repository, so by path). */
const pino = createRequire(import.meta.url).resolve('pino');

/** Runs `body` in a fresh Node process with the guards installed and a JSON logger on stdout. */
function runWithGuards(body: string) {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-guards-'));
  const script = join(dir, 'main.ts');
  writeFileSync(
    script,
    `import pino from ${JSON.stringify(pino)};
import { installProcessGuards } from ${JSON.stringify(guards)};
installProcessGuards(pino({ base: null }));
${body}
`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 20_000 });
  const logs = run.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } });
  return { status: run.status, logs, stdout: run.stdout };
}

describe('process guards', () => {
  it('log a promise rejection nobody awaited and keep the process running', () => {
    const run = runWithGuards(`
Promise.reject(new Error('side task failed'));
setTimeout(() => console.log('still serving'), 50);
`);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('still serving');
    expect(run.logs).toContainEqual(
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'side task failed' }) }),
    );
  });

  it('log an uncaught exception and still end the process with a failure code', () => {
    const run = runWithGuards(`
setTimeout(() => { throw new Error('state unknown'); }, 0);
setTimeout(() => console.log('still serving'), 50);
`);
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('still serving');
    expect(run.logs).toContainEqual(
      expect.objectContaining({ level: 60, err: expect.objectContaining({ message: 'state unknown' }) }),
    );
  });
});
