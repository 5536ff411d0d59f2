import type { TokensResult } from '@kassa/contract/auth';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { saveTokens } from '../../lib/auth-cookies.ts';
import type { SessionState } from '../../lib/session-hooks.ts';
import { sessionStarted } from './auth-slice.ts';

/** docs/product-rules.md#states-and-transitions: login success stores the access and refresh tokens and marks the user authenticated. */
export const startSession =
  (result: TokensResult): ThunkAction<void, SessionState, unknown, UnknownAction> =>
  (dispatch) => {
    saveTokens(result);
    dispatch(sessionStarted(result));
  };
