// Amounts the API writes into English sentences, read back so the portal and the hosted card fields can say them
// in the reader's format (docs/i18n.md).
import { describe, expect, it } from 'vitest';
import { parseEnglishMoney } from './english-money.ts';

describe('parseEnglishMoney', () => {
  it('reads back only what formatMoney writes in English', () => {
    expect(parseEnglishMoney('$1,234.50')).toEqual({ minor: 123_450, currency: 'USD' });
    expect(parseEnglishMoney('BHD\u00a01.234')).toEqual({ minor: 1_234, currency: 'BHD' });
    expect(parseEnglishMoney('CA$5.00')).toEqual({ minor: 500, currency: 'CAD' });
    expect(parseEnglishMoney('100 characters')).toBeNull();
    expect(parseEnglishMoney('$5')).toBeNull();
  });
});
