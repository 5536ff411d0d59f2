// The portal's English texts for signing in and the account (app layouts and pages, auth, welcome, setup, shared components) (docs/i18n.md).
export const accountsEn = {} as const;

export type AccountsKey = keyof typeof accountsEn;
