import { describe, expect, it } from 'vitest';
import { waitText } from './rate-limit.ts';

describe('waitText', () => {
  it('says seconds for a short wait and minutes for a long one', () => {
    expect(waitText(400)).toBe('1 second');
    expect(waitText(45_000)).toBe('45 seconds');
    expect(waitText(119_000)).toBe('119 seconds');
    expect(waitText(899_500)).toBe('15 minutes');
    expect(waitText(3_600_000)).toBe('60 minutes');
  });
});
