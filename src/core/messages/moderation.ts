/** Statements of reasons, appeals and the moderation log (issue 33). */
export const moderationMessages = {
  cannotRestoreGone: 'This cannot be put back: what it belonged to has been deleted since.',
  cannotRestoreReplaced: 'This cannot be put back: a newer one has been written in its place since.',
  unknownGround: 'Choose one of the grounds the site moderates on.',
  appealWindowClosed: 'The time to appeal this action has passed.',
  appealExists: 'This action has already been appealed: one appeal per action.',
  appealNotYours: 'You can only appeal actions taken on your own account or content.',
  suspensionDays: 'Say for how many days (1 to 365).',
  appealTextTooShort: (min: number) => `Tell us why in at least ${min} characters.`,
  appealSubmittedTitle: 'Appeal Submitted',
  appealSubmitted: 'Another member of staff will look at it, and you will be told the outcome.',
  appealAlreadyDecided: 'This appeal has already been decided.',
  ownActionAppeal: 'You took this action: another member of staff must decide its appeal.',
  caseAlreadyDecided: 'This has already been decided by another member of staff.',
  appealDecidedTitle: 'Appeal Decided',
  appealUpheld: 'The appeal was refused: the action stands.',
  appealReversed: 'The appeal was granted: the action has been undone.',
} as const;
