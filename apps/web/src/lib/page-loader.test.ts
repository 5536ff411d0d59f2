import { afterEach, describe, expect, it, vi } from 'vitest';
import { removePageLoader } from './page-loader.ts';

afterEach(() => vi.useRealTimers());

describe('page loader (docs/product-rules.md#route-access)', () => {
  it('fades out and is removed shortly after the first render', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="page-loader"></div><div id="root"></div>';
    removePageLoader();
    expect(document.getElementById('page-loader')?.classList.contains('is-hidden')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(document.getElementById('page-loader')).toBeNull();
  });
});
