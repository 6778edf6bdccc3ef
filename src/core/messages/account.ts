/** A banned account (spec sections 4 and 6: banned users cannot submit reviews). */
export const accountMessages = {
  suspended: 'Your account is suspended: you cannot review, vote, flag, reply, register or upload.',
} as const;
