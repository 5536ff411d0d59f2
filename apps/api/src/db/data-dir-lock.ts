// The embedded database (PGlite) is one process's: two processes writing the same data dir each keep
// their own picture of it, and what one writes the other overwrites (a `npm run demo` beside a
// running `npm start` once lost the demo data and then a sub-user's access). The first process to
// open the dir holds a lock file beside it; another refuses to open it while that process lives
// (docs/ARCHITECTURE.md#processes-in-production).
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { StartupRefusal } from '../lib/startup-refusal.ts';

interface Holder {
  pid: number;
  host: string;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? (holder as Holder) : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user has that pid, so it runs.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<pgliteDir>.lock` for this process, or throws StartupRefusal naming the process that holds
 * it. A lock left by a process that ended without removing it (kill -9, a crash) is taken over.
 * Returns the release function; it also runs when the process exits.
 */
export function lockDataDir(pgliteDir: string): () => void {
  const file = `${pgliteDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname() }));
      closeSync(fd);
      const release = () => {
        process.removeListener('exit', release);
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    // Another machine sharing the dir (a network mount) cannot be checked: its lock stands.
    const held = holder && (holder.host !== hostname() || (holder.pid !== process.pid && isRunning(holder.pid)));
    if (held) {
      throw new StartupRefusal(
        `the embedded database in ${pgliteDir} is open in another process (pid ${holder.pid}` +
          `${holder.host === hostname() ? '' : ` on ${holder.host}`}, most likely \`npm start\`). ` +
          'It opens in one process at a time: stop that process (Ctrl+C in its terminal), run this again, ' +
          'then start the server. To run several processes at once, use PostgreSQL (DATABASE_URL).',
      );
    }
    rmSync(file, { force: true });
  }
  throw new StartupRefusal(`could not take the lock ${file} of the embedded database; remove it if no Kassa runs.`);
}
