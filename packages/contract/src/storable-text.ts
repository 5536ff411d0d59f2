// Text that can be stored and sent on: no NUL character (PostgreSQL text refuses it) and no half of a
// UTF-16 surrogate pair (it has no UTF-8 form). A keyboard never types either; they come from broken
// clients or probes, and every string a client sends is held to this before any handler sees it.

export const NUL_TEXT_MESSAGE = 'Text cannot contain the NUL control character';
export const BROKEN_UNICODE_MESSAGE = 'Text cannot contain a broken Unicode character';

const NUL = '\u0000';
/** In a `u` regex a well-formed pair is one code point; only a lone half is a surrogate code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes(NUL)) return NUL_TEXT_MESSAGE;
  if (LONE_SURROGATE.test(text)) return BROKEN_UNICODE_MESSAGE;
  return null;
}

export interface UnstorableText {
  path: (string | number)[];
  message: string;
}

/**
 * Every string in a parsed body, query or set of params (keys included) that cannot be stored. Every
 * request's input passes through here, and nearly all of it is clean: a walk that allocates nothing
 * answers that first, and only input with a problem is walked again to name where.
 */
export function findUnstorableText(value: unknown): UnstorableText[] {
  return holdsUnstorableText(value) ? locateUnstorableText(value, []) : [];
}

function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorableTextProblem(value) !== null;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsUnstorableText(item)) return true;
    return false;
  }
  if (value && typeof value === 'object' && isPlainObject(value)) {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      if (unstorableTextProblem(key) !== null || holdsUnstorableText(record[key])) return true;
    }
  }
  return false;
}

function locateUnstorableText(value: unknown, path: (string | number)[]): UnstorableText[] {
  if (typeof value === 'string') {
    const message = unstorableTextProblem(value);
    return message ? [{ path, message }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => locateUnstorableText(item, [...path, i]));
  if (value && typeof value === 'object' && isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, item]) => {
      const keyProblem = unstorableTextProblem(key);
      return keyProblem ? [{ path, message: keyProblem }] : locateUnstorableText(item, [...path, key]);
    });
  }
  return [];
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};
