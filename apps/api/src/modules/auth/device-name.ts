// Names a signed-in device from its User-Agent for the sessions list, with bowser (a maintained
// parser; docs/dependencies.md). No address database ships with Kassa and no lookup leaves the
// server, so the place is not guessed.
import Bowser from 'bowser';

export interface DeviceName {
  browser: string;
  os: string;
}

export function deviceName(userAgent: string | null): DeviceName {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || 'Unknown browser', os: os || 'Unknown system' };
}

export const describeDevice = (userAgent: string | null) => {
  const d = deviceName(userAgent);
  return `${d.browser} on ${d.os}`;
};
