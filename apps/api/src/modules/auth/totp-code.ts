// Authenticator-app codes (RFC 6238) through otpauth (docs/dependencies.md): SHA-1, 6 digits and
// 30-second steps, the defaults every common app reads from the otpauth URL. One step of clock drift
// either way is accepted, as RFC 6238 section 5.2 suggests.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DRIFT_STEPS = 1;
const ISSUER = 'Kassa';

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret (the RFC 4226 recommendation), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpUrl = (secretBase32: string, accountEmail: string) => totpOf(secretBase32, accountEmail).toString();

/** qrcode is loaded when a user sets up an app, not at start (docs/operations.md#start-time). */
export async function totpQrSvg(otpauthUrl: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
}

export const timeStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);

/** The time step whose code `code` is, within the allowed drift of `at`; null when it is none of them. */
export function matchingTimeStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_DRIFT_STEPS });
  return delta === null ? null : timeStep(at) + delta;
}

/** The code of a time step; tests type it as an app would. */
export const totpCodeAt = (secretBase32: string, at: Date) =>
  totpOf(secretBase32).generate({ timestamp: at.getTime() });
