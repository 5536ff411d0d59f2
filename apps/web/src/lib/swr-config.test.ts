import { describe, expect, it } from 'vitest';
import { swrConfig } from './swr-config.ts';

const nav = (connection?: { effectiveType?: string; saveData?: boolean }) => ({ connection }) as unknown as Navigator;

describe('SWR cache defaults (docs/product-rules.md#constants)', () => {
  it('dedupes for 2 s, throttles focus revalidation to 5 s and retries errors after 5 s', () => {
    expect(swrConfig(nav({ effectiveType: '4g' }))).toMatchObject({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
    });
    expect(swrConfig(nav()).errorRetryInterval).toBe(5000);
  });

  it('retries errors after 10 s on a slow connection', () => {
    expect(swrConfig(nav({ effectiveType: '2g' })).errorRetryInterval).toBe(10_000);
    expect(swrConfig(nav({ effectiveType: 'slow-2g' })).errorRetryInterval).toBe(10_000);
    expect(swrConfig(nav({ effectiveType: '4g', saveData: true })).errorRetryInterval).toBe(10_000);
  });
});
