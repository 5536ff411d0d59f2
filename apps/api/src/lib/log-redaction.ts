// Errors are logged without the personal data they may carry. A failed query's message and fields
// hold every bound parameter (buyer names, e-mails, addresses) and PostgreSQL's `detail` repeats the
// offending key ("Key (email)=(…) already exists"): the log keeps the SQL text, the codes and the
// stack, which is what an engineer needs, and drops the values.
const PARAMS_LINE = /\nparams: [\s\S]*$/;
const MAX_DEPTH = 4;

export interface RedactedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  statusCode?: number;
  cause?: RedactedError;
}

const stripParams = (text: string) => text.replace(PARAMS_LINE, '\nparams: [redacted]');

export function redactError(error: unknown, depth = 0): RedactedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error value]', stack: '' };
  const e = error as Error & Record<string, unknown>;
  const pick = (key: string) => (typeof e[key] === 'string' ? (e[key] as string) : undefined);
  return {
    type: e.constructor?.name ?? 'Error',
    message: stripParams(e.message),
    // The stack starts with the message (and so with the parameters); the frames are kept.
    stack: (e.stack ?? '').replace(e.message, stripParams(e.message)),
    code: pick('code'),
    constraint: pick('constraint'),
    table: pick('table'),
    column: pick('column'),
    routine: pick('routine'),
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : undefined,
    cause: e.cause !== undefined && depth < MAX_DEPTH ? redactError(e.cause, depth + 1) : undefined,
  };
}

/** The server's logger settings: secrets in headers are censored, errors pass through redactError. */
export const serverLogger = (level: string) => ({
  level,
  redact: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-checkout-token"]',
    'res.headers["set-cookie"]',
  ],
  serializers: { err: redactError },
});
