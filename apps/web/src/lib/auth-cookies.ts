// docs/product-rules.md#entities, docs/product-rules.md#constants: the access token lives in the `token` cookie (30 days, path /) and the refresh token in
// `refresh`; the refresh cookie gets the same 30 days, the server's absolute refresh-token expiry
// (docs/ARCHITECTURE.md#layers), so it never outlives the session it can renew.
//
// An embedded session (docs/product-rules.md#api-calls, docs/product-rules.md#constants) keeps them 1 day, Secure, SameSite None and Partitioned (CHIPS):
// the portal runs in a parent site's iframe, a cross-site context where Lax cookies are neither set
// nor sent, and browsers that block third-party cookies still keep one partitioned under the parent.
// Every write during that session — the refresh after 15 minutes included — uses those attributes.
// Browsers accept Secure cookies over https and on localhost/127.0.0.1; on another plain-http host
// (a same-site intranet setup only) the cookie is written without Secure so the install still works.
import { EMBED_COOKIE_DAYS } from '@kassa/contract/embed';
import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';
export const TOKEN_COOKIE_DAYS = 30;
/** Where the embed entry page keeps the allowed tabs; its presence marks an embedded session. */
export const EMBED_TABS_KEY = 'kassa.embed.allowedTabs';

export const EMBED_COOKIE_ATTRIBUTES: Cookies.CookieAttributes = {
  expires: EMBED_COOKIE_DAYS,
  path: '/',
  secure: true,
  sameSite: 'None',
  partitioned: true,
};
const EMBED_PLAIN_HTTP_ATTRIBUTES: Cookies.CookieAttributes = {
  expires: EMBED_COOKIE_DAYS,
  path: '/',
  sameSite: 'Lax',
};

const cookieOptions = (): Cookies.CookieAttributes => ({
  expires: TOKEN_COOKIE_DAYS,
  path: '/',
  sameSite: 'Lax',
  secure: window.location.protocol === 'https:',
});

export function isEmbeddedSession(): boolean {
  try {
    return window.localStorage.getItem(EMBED_TABS_KEY) !== null;
  } catch {
    return false;
  }
}

function setTokenCookie(name: string, value: string, embedded = isEmbeddedSession()) {
  if (!embedded) {
    Cookies.set(name, value, cookieOptions());
    return;
  }
  Cookies.set(name, value, EMBED_COOKIE_ATTRIBUTES);
  if (Cookies.get(name) !== value) Cookies.set(name, value, EMBED_PLAIN_HTTP_ATTRIBUTES);
}

export const getAccessToken = (): string | null => Cookies.get(TOKEN_COOKIE) ?? null;
export const getRefreshToken = (): string | null => Cookies.get(REFRESH_COOKIE) ?? null;
export const hasStoredToken = (): boolean => Boolean(getAccessToken());

export function saveAccessToken(token: string, embedded?: boolean) {
  setTokenCookie(TOKEN_COOKIE, token, embedded);
}

export function saveTokens(tokens: { access: string; refresh?: string }, embedded?: boolean) {
  saveAccessToken(tokens.access, embedded);
  if (tokens.refresh) setTokenCookie(REFRESH_COOKIE, tokens.refresh, embedded);
}
