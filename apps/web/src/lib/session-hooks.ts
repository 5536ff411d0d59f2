// Typed hooks over the session part of the store, so features read it without importing the app
// layer or the auth feature (bulletproof-react: shared → features → app).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { SessionState } from './session-state.ts';

export type { SessionState } from './session-state.ts';

export const useSessionDispatch = useDispatch.withTypes<ThunkDispatch<SessionState, unknown, UnknownAction>>();
export const useSessionSelector = useSelector.withTypes<SessionState>();
