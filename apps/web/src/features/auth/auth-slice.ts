// docs/product-rules.md#entities "Auth state": user, merchant, loading, token, refreshToken, isAuth, adminPermission.
// Tokens themselves live in cookies (lib/auth-cookies); the slice mirrors them for the UI.
import { ADMIN_PERMISSION_FLAGS, type AdminPermissionFlag, type AdminPermissions } from '@kassa/contract/access';
import type { AdminPermissionSet, User } from '@kassa/contract/auth';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getAccessToken, getRefreshToken } from '../../lib/auth-cookies.ts';
import type { AuthState } from '../../lib/session-state.ts';
import { getAdminPermission, getProfile } from './api/auth-api.ts';

export const initialAuthState = (): AuthState => {
  const token = getAccessToken();
  return {
    user: null,
    merchant: null,
    loading: Boolean(token),
    token,
    refreshToken: getRefreshToken(),
    isAuth: Boolean(token),
    adminPermission: null,
  };
};

export const fetchProfile = createAsyncThunk('auth/fetchProfile', () => getProfile());

export const fetchAdminPermission = createAsyncThunk('auth/fetchAdminPermission', async () => {
  const set = await getAdminPermission();
  return set ? toPermissions(set) : null;
});

const toPermissions = (set: AdminPermissionSet): AdminPermissions =>
  Object.fromEntries(ADMIN_PERMISSION_FLAGS.map((flag: AdminPermissionFlag) => [flag, set[flag]])) as AdminPermissions;

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** docs/product-rules.md#states-and-transitions: a login stores both tokens and marks the user authenticated. */
    sessionStarted(state, action: PayloadAction<{ access: string; refresh: string; user: User }>) {
      state.token = action.payload.access;
      state.refreshToken = action.payload.refresh;
      state.user = action.payload.user;
      state.merchant = action.payload.user.merchant;
      state.isAuth = true;
    },
    tokensChanged(state, action: PayloadAction<{ access: string; refresh?: string }>) {
      state.token = action.payload.access;
      if (action.payload.refresh) state.refreshToken = action.payload.refresh;
    },
    /** docs/product-rules.md#layout: the Notifications toggle flips send_notification locally before the server answers. */
    notificationToggled(state, action: PayloadAction<boolean>) {
      if (state.user) state.user.send_notification = action.payload;
    },
    /** docs/product-rules.md#states-and-transitions: logout clears tokens, user and admin permission and marks the user unauthenticated. */
    sessionCleared(state) {
      state.user = null;
      state.merchant = null;
      state.loading = false;
      state.token = null;
      state.refreshToken = null;
      state.isAuth = false;
      state.adminPermission = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProfile.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchProfile.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload;
        state.merchant = action.payload.merchant;
      })
      .addCase(fetchProfile.rejected, (state) => {
        state.loading = false;
      })
      .addCase(fetchAdminPermission.fulfilled, (state, action) => {
        // No set on file means no permission: every flag 0 (docs/product-rules.md#roles-and-permissions).
        state.adminPermission = action.payload ?? {
          view_merchant: 0,
          view_catalog: 0,
          view_transactions: 0,
          view_industry_type: 0,
        };
      });
  },
});

export const { sessionStarted, tokensChanged, notificationToggled, sessionCleared } = authSlice.actions;
export const authReducer = authSlice.reducer;
