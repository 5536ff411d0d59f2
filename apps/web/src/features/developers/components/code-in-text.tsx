// A translated sentence with one code token in it ("Send a key as <code>…</code>."): the token stays
// code wherever the language puts it in the sentence.
const MARK = '\u0000';

export function CodeInText({ render, code }: { render: (mark: string) => string; code: string }) {
  const [before, after = ''] = render(MARK).split(MARK);
  return (
    <>
      {before}
      <code>{code}</code>
      {after}
    </>
  );
}
