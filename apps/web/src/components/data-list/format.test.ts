// A list's dates in the portal's language (docs/i18n.md): the locale a component passes, else the one the
// portal shows now — never a fixed en-US.
import { afterEach, describe, expect, it } from 'vitest';
import { portalEnglishI18n, setActivePortalI18n } from '../../lib/use-portal-i18n.ts';
import { formatDate, formatDateTime } from './format.ts';

const CREATED = '2026-11-01T10:00:00.000Z';

afterEach(() => setActivePortalI18n(portalEnglishI18n));

describe('list dates', () => {
  it('follow the portal’s language when no locale is passed', () => {
    setActivePortalI18n({ ...portalEnglishI18n, locale: 'fr' });
    expect(formatDate(CREATED)).toBe('1 nov. 2026');
    expect(formatDateTime(CREATED)).toMatch(/^1 nov\. 2026(,| à) \d\d:00$/);
    setActivePortalI18n({ ...portalEnglishI18n, locale: 'es' });
    expect(formatDate(CREATED)).toBe('1 nov 2026');
  });

  it('use the locale a component passes, and the empty text for no date', () => {
    expect(formatDate(CREATED, '—', 'de')).toBe('1. Nov. 2026');
    expect(formatDate(CREATED)).toBe('Nov 1, 2026');
    expect(formatDateTime(null, 'Never')).toBe('Never');
  });
});
