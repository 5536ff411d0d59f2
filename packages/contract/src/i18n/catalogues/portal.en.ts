// The portal's English texts (docs/i18n.md), folder by folder as each is translated.
export const portalEn = {
  'userMenu.accountMenu': ' — account menu',
  'userMenu.notifications': 'Notifications',
  'userMenu.notificationsFailed': 'Could not update the notification setting.',
  'userMenu.language': 'Language',
  'userMenu.languageBrowser': 'Browser language',
  'userMenu.languageFailed': 'Could not change the language.',
  'userMenu.changePassword': 'Change Password',
  'userMenu.signingOut': 'Signing Out...',
  'userMenu.signOut': 'Sign Out',
} as const;

export type PortalKey = keyof typeof portalEn;
