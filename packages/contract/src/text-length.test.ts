import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeyCreateBody } from './developers.ts';
import { maxChars, UNITS_PER_CHARACTER, visibleLength } from './text-length.ts';

describe('visibleLength', () => {
  it('counts what a person sees: emoji, flags, families, accents and CR LF are one character each', () => {
    expect(visibleLength('Shop backend')).toBe(12);
    expect(visibleLength('👍')).toBe(1);
    expect(visibleLength('🇫🇷🇯🇵')).toBe(2);
    expect(visibleLength('👩‍👩‍👧')).toBe(1);
    expect(visibleLength('🧑🏻‍❤️‍💋‍🧑🏼')).toBe(1);
    expect(visibleLength('e\u0301te\u0301')).toBe(3);
    expect(visibleLength('a\r\nb')).toBe(3);
    expect(visibleLength('')).toBe(0);
  });
});

describe('maxChars', () => {
  const name = maxChars(z.string().trim().min(1, 'Enter a name'), 100, 'At most 100 characters');

  it('takes 100 emoji (200 UTF-16 units) and refuses 101, with the message', () => {
    expect(name.safeParse('👍'.repeat(100)).success).toBe(true);
    expect(name.safeParse('👩‍👩‍👧'.repeat(100)).success).toBe(true);
    const refused = name.safeParse('👍'.repeat(101));
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['At most 100 characters']);
    expect(name.safeParse('x'.repeat(101)).success).toBe(false);
    expect(name.safeParse(` ${'x'.repeat(100)} `).data).toBe('x'.repeat(100));
  });

  it('still bounds the bytes: one "character" of stacked combining marks is refused past the unit cap', () => {
    const zalgo = `z${'\u0301'.repeat(100 * UNITS_PER_CHARACTER)}`;
    expect(visibleLength(zalgo)).toBe(1);
    expect(name.safeParse(zalgo).success).toBe(false);
  });

  it('shows the limit in characters in the JSON Schema, and holds in the contract’s schemas', () => {
    expect(z.toJSONSchema(name, { io: 'input' })).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    const body = { mode: 'test', scopes: ['products:read'] };
    expect(apiKeyCreateBody.safeParse({ ...body, name: '😀'.repeat(100) }).success).toBe(true);
    expect(apiKeyCreateBody.safeParse({ ...body, name: '😀'.repeat(101) }).success).toBe(false);
  });
});
