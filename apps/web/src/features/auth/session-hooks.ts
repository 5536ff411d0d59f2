// Typed hooks over the session part of the store, so features read it without importing the app
// layer (bulletproof-react: shared → features → app).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { AuthState } from './auth-slice.ts';
import type { EmbedSessionState } from './embed-session-slice.ts';
import type { UserAccessState } from './user-access-slice.ts';

export interface SessionState {
  auth: AuthState;
  userAccess: UserAccessState;
  embedSession: EmbedSessionState;
}

export const useSessionDispatch = useDispatch.withTypes<ThunkDispatch<SessionState, unknown, UnknownAction>>();
export const useSessionSelector = useSelector.withTypes<SessionState>();
