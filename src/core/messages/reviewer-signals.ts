/** What shows beside each review's author (issue 16, item 5). Numbers are filled in by the web. */
export const reviewerSignalsMessages = {
  label: 'About the reviewer',
  level: (level: number) => `Level ${level}`,
  games: (games: number) => `${games} game${games === 1 ? '' : 's'}`,
  reviews: (count: number) => `${count} review${count === 1 ? '' : 's'}`,
  memberSince: (monthYear: string) => `Member since ${monthYear}`,
} as const;
