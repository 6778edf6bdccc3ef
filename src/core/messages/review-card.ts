/**
 * What a review card shows of the review itself beyond the spec's fields (issue 16, item 2): a module
 * of its own because cards are on the first screen (home's recent reviews), the officer page's texts
 * are not.
 */
export const reviewCardMessages = {
  /** Under a review with votes: N = up votes, M = all votes. */
  foundHelpful: (up: number, total: number) => `${up} of ${total} found this helpful`,
  /**
   * Up votes less down votes (issue 36, item 6): 'Score: -1' beside the four ratings read like a fifth
   * rating. The card's line and the vote buttons' tally share it.
   */
  netHelpfulVotes: 'Net helpful votes',
  /** On a review held in a review wave (issue 17). */
  held: 'Being checked: not counted in the ratings',
  /**
   * The reviewer's answer to "Would you serve under this officer again?" (issue 36, item 4), nothing
   * without one: 'Would serve again' or 'Would not serve again'. One template, as cards are first-screen bytes.
   */
  verdict: (wouldServe: boolean) => `Would ${wouldServe ? '' : 'not '}serve again`,
  /** The icon beside a name that opens their Steam profile. */
  steamProfile: (name: string) => `${name}, Steam profile (opens in a new tab)`,
} as const;
