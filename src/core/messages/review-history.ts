/**
 * The edit history of a review (issue 18, item 2): the dialog's texts, a module of its own so only
 * the dialog's chunk carries them (review cards are on the first screen).
 */
export const reviewHistoryMessages = {
  title: 'Edit history',
  description: 'Every version of this review, newest first, with what each edit changed.',
  loadFailed: 'Failed to load the edit history',
  current: 'Current version',
  version: (n: number) => `Version ${n}`,
  written: (date: string) => `Written ${date}`,
  edited: (date: string) => `Edited ${date}`,
  textChanged: 'Text changed',
  textUnchanged: 'Text unchanged',
  changesLabel: 'What changed',
  changedTo: 'changed to',
  /** Under the oldest version listed when the review was edited before its history was kept. */
  earlierNotKept: 'Earlier versions of this review were not kept.',
} as const;
