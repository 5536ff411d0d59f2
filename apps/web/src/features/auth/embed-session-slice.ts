// docs/product-rules.md#entities "Embed state has allowedTabs"; docs/product-rules.md#states-and-transitions: an embedded session is limited to its allowed
// segments. Kept in local storage so a reload inside the parent page keeps the limits; logout clears
// local storage and with it the embed mode.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { EMBED_TABS_KEY } from '../../lib/auth-cookies.ts';
import type { EmbedSessionState } from '../../lib/session-state.ts';
import { sessionCleared } from './auth-slice.ts';

export { EMBED_TABS_KEY };

const readStoredTabs = (): string[] | null => {
  try {
    const raw = window.localStorage.getItem(EMBED_TABS_KEY);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((tab): tab is string => typeof tab === 'string') : null;
  } catch {
    return null;
  }
};

const embedSessionSlice = createSlice({
  name: 'embedSession',
  initialState: (): EmbedSessionState => ({ allowedTabs: readStoredTabs() }),
  reducers: {
    /** The embed entry page stores the same list under EMBED_TABS_KEY before dispatching this. */
    allowedTabsSet(state, action: PayloadAction<string[]>) {
      state.allowedTabs = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionCleared, (state) => {
      state.allowedTabs = null;
    });
  },
});

export const { allowedTabsSet } = embedSessionSlice.actions;
export const embedSessionReducer = embedSessionSlice.reducer;
