// The auth feature's face for other features: the session actions and the profile call that a page
// outside sign-in needs (the embed entry starts a session, setup reloads the profile). The session's
// state and hooks live in lib/ (session-state.ts, session-hooks.ts, use-access.ts).
export { getProfile } from './api/auth-api.ts';
export { ADMIN_RULE_PATH, MERCHANT_RULE_PATH } from './api/second-factor-rules-api.ts';
export { fetchProfile, sessionStarted } from './auth-slice.ts';
export { SecondFactorRuleCard } from './components/second-factor-rule-card.tsx';
export { allowedTabsSet } from './embed-session-slice.ts';
