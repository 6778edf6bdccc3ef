/**
 * The quick verdict (issue 36, item 4): the share of "Would you serve under this officer again?"
 * answers that are yes. A module of its own rather than in rating-math.ts, which is on the first
 * screen: only the officer page shows the share.
 */
/**
 * The officer page says what share would serve under the officer again from this many answers on
 * (issue 36, item 4): below it one or two answers would read as a verdict of the whole company.
 */
export const WOULD_SERVE_MIN_ANSWERS = 5;

/** The yes and no answers the counted reviews gave to "Would you serve under this officer again?". */
export interface WouldServeCounts {
  yes: number;
  no: number;
}

/** The whole percent of the answers that are yes, or null below WOULD_SERVE_MIN_ANSWERS answers. */
export function wouldServePercent({ yes, no }: WouldServeCounts): number | null {
  const answers = yes + no;
  return answers < WOULD_SERVE_MIN_ANSWERS ? null : Math.round((yes * 100) / answers);
}
