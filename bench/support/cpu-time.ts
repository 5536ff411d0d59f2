// CPU time from Linux's /proc, by process or by thread: what a bench divides by the payments it made
// to tell the API's own work from the database's (bench/api-cpu-per-payment.ts, the saved-card bench).
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime in ms of one /proc stat file (the fields after the command's closing parenthesis); stime alone with `kernelOnly`. */
export function cpuMs(statPath: string, kernelOnly = false): number {
  const text = readFileSync(statPath, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((kernelOnly ? 0 : Number(fields[11])) + Number(fields[12])) * TICK_MS;
}

/** CPU ms of the main thread of `pid` (this process by default): the event loop, where a Node server does its work. */
export const mainThreadCpuMs = (pid = process.pid) => cpuMs(`/proc/${pid}/task/${pid}/stat`);
