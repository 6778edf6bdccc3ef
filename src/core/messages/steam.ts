/** Linking a Steam account and the game statistics (spec sections 2 and 8). */
export const steamMessages = {
  linkedTitle: 'Steam Linked',
  linked: 'Your Steam account is linked. You can now write reviews.',
  linkFailedTitle: 'Steam Link Failed',
  linkAccount: 'Link Your Steam Account',
  gameStatistics: 'Game Statistics',
  officerStatsError: 'Error loading Steam stats.',
  loginToSeeStats: 'You must be logged in to see your game statistics.',
  statsUnavailable: 'Steam stats not available or your profile might be private.',
  statsError: 'Error loading Steam stats. Please try again later.',
  statsLoaded: 'Steam stats loaded.',
  notConfigured: 'Steam statistics are not available on this site right now.',
  noLinkedAccount: 'No Steam account is linked.',
  officerNoLinkedAccount: 'This officer has not linked a Steam account.',
  linkHint: 'Link your Steam account to see your game statistics.',
} as const;
