import { describe, expect, it } from 'vitest';
import {
  BROKEN_UNICODE_MESSAGE,
  findUnstorableText,
  NUL_TEXT_MESSAGE,
  unstorableTextProblem,
} from './storable-text.ts';

describe('storable text', () => {
  it.each(['plain', '💳 emoji pairs', 'مرحبا \u202Egnp.exe\u200B', 'tabs\tand\nnew lines', ''])(
    'accepts %j',
    (text) => {
      expect(unstorableTextProblem(text)).toBeNull();
    },
  );

  it.each([
    ['a\u0000b', NUL_TEXT_MESSAGE],
    ['\u0000', NUL_TEXT_MESSAGE],
    ['a\uD800b', BROKEN_UNICODE_MESSAGE],
    ['trailing high half \uD83D', BROKEN_UNICODE_MESSAGE],
    ['\uDCB3 low half first', BROKEN_UNICODE_MESSAGE],
  ])('refuses %j', (text, message) => {
    expect(unstorableTextProblem(text)).toBe(message);
  });

  it('names every bad string in nested objects and lists, keys included', () => {
    const body = {
      name: 'ok',
      items: [{ note: 'fine' }, { note: 'x\u0000' }],
      address: { line1: '\uD800' },
      'bad\u0000key': 'value',
      count: 3,
      when: new Date(0),
    };
    expect(findUnstorableText(body)).toEqual([
      { path: ['items', 1, 'note'], message: NUL_TEXT_MESSAGE },
      { path: ['address', 'line1'], message: BROKEN_UNICODE_MESSAGE },
      { path: [], message: NUL_TEXT_MESSAGE },
    ]);
  });

  it('finds nothing in clean input, and a single bad key or value however deep it sits', () => {
    const clean = { card: { number: '4242', holder: 'Zoë 😀' }, lines: [['a', 1], { b: null }], when: new Date(0) };
    expect(findUnstorableText(clean)).toEqual([]);
    expect(findUnstorableText({ a: [{ b: [{ 'c\u0000': 1 }] }] })).toEqual([
      { path: ['a', 0, 'b', 0], message: NUL_TEXT_MESSAGE },
    ]);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { deep: [[['\uDC00']]] });
    expect(findUnstorableText(bare)).toEqual([{ path: ['deep', 0, 0, 0], message: BROKEN_UNICODE_MESSAGE }]);
  });
});
