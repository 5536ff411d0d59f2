// docs/product-rules.md#entities, docs/product-rules.md#states-and-transitions: the user's app access list (GET /auth/access/{id}/) with its loading flag — on when the
// fetch starts, off when it succeeds or fails.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { UserAccessState } from '../../lib/session-state.ts';
import { getUserAccess } from './api/auth-api.ts';
import { sessionCleared } from './auth-slice.ts';

const initialState: UserAccessState = { list: [], loading: false, loaded: false };

export const fetchUserAccess = createAsyncThunk('userAccess/fetch', (userId: string) => getUserAccess(userId));

const userAccessSlice = createSlice({
  name: 'userAccess',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchUserAccess.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchUserAccess.fulfilled, (state, action) => {
        state.loading = false;
        state.loaded = true;
        state.list = action.payload;
      })
      .addCase(fetchUserAccess.rejected, (state) => {
        state.loading = false;
        state.loaded = true;
      })
      .addCase(sessionCleared, () => initialState);
  },
});

export const userAccessReducer = userAccessSlice.reducer;
