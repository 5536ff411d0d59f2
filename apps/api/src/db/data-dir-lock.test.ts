import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupRefusal } from '../lib/startup-refusal.ts';
import { lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function pgliteDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-lock-'));
  dirs.push(dir);
  return join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('the embedded database lock', () => {
  it('refuses a second opener while the holder runs, naming its pid and saying what to do', () => {
    const dir = pgliteDir();
    const release = lockDataDir(dir);
    // The holder is another running process (pid 1 always runs).
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: 1, host: hostname() }));
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(StartupRefusal);
    expect((refusal as Error).message).toContain(`the embedded database in ${dir} is open in another process (pid 1`);
    expect((refusal as Error).message).toContain('stop that process');
    expect((refusal as Error).message).toContain('DATABASE_URL');
    // Not this process's lock any more: releasing leaves it to its holder.
    release();
    expect(existsSync(`${dir}.lock`)).toBe(true);
  });

  it('takes over a lock left by a process that ended without removing it, and removes it on release', () => {
    const dir = pgliteDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: endedPid(), host: hostname() }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("leaves another machine's lock alone (a shared mount cannot tell whether it runs)", () => {
    const dir = pgliteDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: endedPid(), host: 'other-machine' }));
    expect(() => lockDataDir(dir)).toThrow(/open in another process \(pid \d+ on other-machine/);
  });
});
