/** The signed-in user's settings screen and its answers (issue 16, item 5: reviewer signals); its title is shellMessages.settings. */
export const settingsMessages = {
  hideLevel: 'Hide my War of Rights level on my reviews',
  hideLevelHint: 'Your level is read from your Steam statistics. Your games, reviews and member-since date still show.',
  saved: 'Settings saved.',
  saveFailed: 'Your settings could not be saved. Please try again.',
  loadFailed: 'Your settings could not be loaded.',
  loginToChangeSettings: 'You must be logged in to change your settings.',
  hideLevelRequired: 'hideLevel must be true or false.',
} as const;
