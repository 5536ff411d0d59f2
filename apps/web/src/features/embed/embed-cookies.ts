// The embed session's tokens, written with the embed cookie attributes of lib/auth-cookies.ts.
import Cookies from 'js-cookie';
import { saveTokens, TOKEN_COOKIE } from '../../lib/auth-cookies.ts';

/** Stores the embed session's tokens; false when the browser keeps no cookie at all (third-party cookies blocked). */
export function saveEmbedTokens(access: string, refresh: string | undefined): boolean {
  saveTokens({ access, refresh }, true);
  return Cookies.get(TOKEN_COOKIE) === access;
}
