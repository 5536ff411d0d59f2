// Why a process will not start, in words for whoever started it: the entry points print the message
// alone and exit 1, instead of a stack trace (docs/ARCHITECTURE.md#processes-in-production).
export class StartupRefusal extends Error {}

/** For an entry point's top-level await: a refusal is printed and ends the process; anything else is rethrown. */
export function exitOnRefusal(err: unknown): never {
  if (!(err instanceof StartupRefusal)) throw err;
  console.error(`\n  Kassa did not start: ${err.message}\n`);
  process.exit(1);
}
