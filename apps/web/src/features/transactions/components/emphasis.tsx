// A translated sentence with one value set apart (bold): the translator fills the value's place with a
// marker, so the words around it stay in the reader's language and order.
import type { ReactNode } from 'react';

const MARKER = '\u2063';

/** `message(marker)` is the translated sentence with `marker` where `value` goes. */
export function withValue(message: (marker: string) => string, value: ReactNode): ReactNode {
  const [before = '', ...rest] = message(MARKER).split(MARKER);
  return (
    <>
      {before}
      {value}
      {rest.join('')}
    </>
  );
}
