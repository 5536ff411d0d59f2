// The Redux store holds the session only (docs/ARCHITECTURE.md#layers): auth state, the user's app access and the
// embed limits. Server data lives in SWR.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/auth-slice.ts';
import { embedSessionReducer } from '../features/auth/embed-session-slice.ts';
import { userAccessReducer } from '../features/auth/user-access-slice.ts';

const rootReducer = combineReducers({
  auth: authReducer,
  userAccess: userAccessReducer,
  embedSession: embedSessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const makeStore = (preloadedState?: Partial<RootState>) =>
  configureStore({ reducer: rootReducer, preloadedState });

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
