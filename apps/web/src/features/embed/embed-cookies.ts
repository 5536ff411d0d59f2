// spec 7, 9: the embed access token lives in the `token` cookie for 1 day, Secure, SameSite None —
// the portal runs in a parent site's iframe, a cross-site context where Lax cookies are neither set
// nor sent. It is also Partitioned (CHIPS): browsers that block third-party cookies (Safari, every
// incognito window, Chrome's headless contexts) still keep a cookie partitioned under the parent
// site, and the whole embedded session lives under that parent. Browsers accept Secure cookies over
// https and on http://localhost or 127.0.0.1 (secure contexts); on another plain-http host they
// refuse them, and there (a same-site setup only) the cookie is written without Secure so a local
// or intranet install still works.
import { EMBED_COOKIE_DAYS } from '@kassa/contract/embed';
import Cookies from 'js-cookie';
import { REFRESH_COOKIE, TOKEN_COOKIE } from '../../lib/auth-cookies.ts';

export const EMBED_COOKIE_ATTRIBUTES: Cookies.CookieAttributes = {
  expires: EMBED_COOKIE_DAYS,
  path: '/',
  secure: true,
  sameSite: 'None',
  partitioned: true,
};

const PLAIN_HTTP_ATTRIBUTES: Cookies.CookieAttributes = { expires: EMBED_COOKIE_DAYS, path: '/', sameSite: 'Lax' };

function setCookie(name: string, value: string) {
  Cookies.set(name, value, EMBED_COOKIE_ATTRIBUTES);
  if (Cookies.get(name) !== value) Cookies.set(name, value, PLAIN_HTTP_ATTRIBUTES);
}

/** Stores the embed session's tokens; false when the browser keeps no cookie at all (third-party cookies blocked). */
export function saveEmbedTokens(access: string, refresh: string | undefined): boolean {
  setCookie(TOKEN_COOKIE, access);
  if (refresh) setCookie(REFRESH_COOKIE, refresh);
  return Cookies.get(TOKEN_COOKIE) === access;
}
