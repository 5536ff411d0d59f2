// A translated sentence with elements in it (a link, code): each named placeholder becomes its
// element wherever the language puts it in the sentence.
import { Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

export function RichText({
  render,
  parts,
}: {
  /** The message, its placeholders filled with the marks given. */
  render: (marks: Record<string, string>) => string;
  parts: Record<string, ReactNode>;
}) {
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]));
  // Split on the marks: text and element indexes alternate.
  const pieces = render(marks).split(MARK);
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 0 ? piece : <Fragment key={names[Number(piece)]}>{parts[names[Number(piece)]!]}</Fragment>,
      )}
    </>
  );
}
