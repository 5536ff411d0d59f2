// spec 3, 9: the access token lives in the `token` cookie (30 days, path /) and the refresh token in
// `refresh`; the refresh cookie gets the same 30 days, the server's absolute refresh-token expiry
// (ARCHITECTURE 2), so it never outlives the session it can renew.
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';
export const TOKEN_COOKIE_DAYS = 30;

const cookieOptions = (): Cookies.CookieAttributes => ({
  expires: TOKEN_COOKIE_DAYS,
  path: '/',
  sameSite: 'Lax',
  secure: window.location.protocol === 'https:',
});

export const getAccessToken = (): string | null => Cookies.get(TOKEN_COOKIE) ?? null;
export const getRefreshToken = (): string | null => Cookies.get(REFRESH_COOKIE) ?? null;
export const hasStoredToken = (): boolean => Boolean(getAccessToken());

export function saveAccessToken(token: string) {
  Cookies.set(TOKEN_COOKIE, token, cookieOptions());
}

export function saveTokens(tokens: { access: string; refresh: string }) {
  saveAccessToken(tokens.access);
  Cookies.set(REFRESH_COOKIE, tokens.refresh, cookieOptions());
}
