// The one-time-code challenge travels from /login to /otp in session storage (never local storage:
// it must not outlive the tab, and it is useless once the code is used).
const KEY = 'kassa.otpChallenge';

export interface OtpChallenge {
  otp_token: string;
  email_hint: string;
}

export function saveOtpChallenge(challenge: OtpChallenge) {
  window.sessionStorage.setItem(KEY, JSON.stringify(challenge));
}

export function readOtpChallenge(): OtpChallenge | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'otp_token' in value && typeof value.otp_token === 'string') {
      const hint = 'email_hint' in value && typeof value.email_hint === 'string' ? value.email_hint : '';
      return { otp_token: value.otp_token, email_hint: hint };
    }
  } catch {
    // A damaged entry is the same as none: the user signs in again.
  }
  return null;
}

export function clearOtpChallenge() {
  window.sessionStorage.removeItem(KEY);
}
