// The one-time-code challenge travels from /login to /otp in session storage (never local storage:
// it must not outlive the tab, and it is useless once the code is used).
import { SIGN_IN_METHODS, type SignInMethod } from '@kassa/contract/auth';

const KEY = 'kassa.otpChallenge';

export interface OtpChallenge {
  otp_token: string;
  email_hint: string;
  /** How this account may finish signing in (the login answer's `methods`). */
  methods: SignInMethod[];
}

const isMethod = (m: unknown): m is SignInMethod => SIGN_IN_METHODS.includes(m as SignInMethod);

export function saveOtpChallenge(challenge: OtpChallenge) {
  window.sessionStorage.setItem(KEY, JSON.stringify(challenge));
}

export function readOtpChallenge(): OtpChallenge | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'otp_token' in value && typeof value.otp_token === 'string') {
      const hint = 'email_hint' in value && typeof value.email_hint === 'string' ? value.email_hint : '';
      const listed = 'methods' in value && Array.isArray(value.methods) ? value.methods.filter(isMethod) : [];
      // A challenge saved before methods existed was a mailed code.
      return { otp_token: value.otp_token, email_hint: hint, methods: listed.length > 0 ? listed : ['email'] };
    }
  } catch {
    // A damaged entry is the same as none: the user signs in again.
  }
  return null;
}

export function clearOtpChallenge() {
  window.sessionStorage.removeItem(KEY);
}
