/**
 * Texts only the search screen shows, apart from searchMessages: those travel with the first screen
 * (the header's search box), and these need not.
 */
export const searchPageMessages = {
  /**
   * Under the sort control while a rating order is chosen (issue 36, item 6): those orders follow the
   * confidence-weighted score (rankScoreOf), which a phone's reader could not learn from a tooltip.
   */
  ratingSortNote: 'Ordered by rating weighted by review count: a rating from few reviews ranks nearer the community average.',
} as const;
