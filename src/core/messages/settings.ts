/** The signed-in user's settings screen and its answers (issue 16, item 5: reviewer signals). */
export const settingsMessages = {
  title: 'Settings',
  hideLevel: 'Hide my War of Rights level on my reviews',
  hideLevelHint: 'Your level is read from your Steam statistics. Your games, reviews and member-since date still show.',
  saved: 'Settings saved.',
  saveFailed: 'Your settings could not be saved. Please try again.',
  loadFailed: 'Your settings could not be loaded.',
  loginToChangeSettings: 'You must be logged in to change your settings.',
  hideLevelRequired: 'hideLevel must be true or false.',
} as const;

/** What shows beside each review's author (issue 16, item 5). Numbers are filled in by the web. */
export const reviewerSignalsMessages = {
  label: 'About the reviewer',
  level: (level: number) => `Level ${level}`,
  games: (games: number) => `${games.toLocaleString('en-US')} ${games === 1 ? 'game' : 'games'}`,
  reviews: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`,
  memberSince: (monthYear: string) => `Member since ${monthYear}`,
} as const;
