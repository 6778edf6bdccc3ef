import type { CompareKind } from '../compare.js';

const nounOf = (kind: CompareKind) => (kind === 'officers' ? 'officer' : 'regiment');

/** The comparison screen (issue 36, item 2) and the ways into it. */
export const compareMessages = {
  title: 'Compare',
  officersTitle: 'Compare Officers',
  regimentsTitle: 'Compare Regiments',
  intro: 'Ratings side by side: all time, the last 90 days, and how the stars are spread.',
  bothKinds: 'A comparison is of officers or of regiments, not both: keep either officers= or regiments= in the address.',
  badId: (part: string) => `"${part}" is not an id: the address lists ids as whole numbers separated by commas, such as officers=12,40,7.`,
  tooMany: (kind: CompareKind) => `At most four ${kind} can be compared at once: remove some from the address.`,
  tooFew: (kind: CompareKind, count: number) =>
    count === 0 ? `Choose two to four ${kind} to compare.` : `Add at least one more ${nounOf(kind)} to compare with.`,
  notFound: (kind: CompareKind, ids: string) => `No public ${nounOf(kind)} has the id ${ids}: remove it from the comparison.`,
  loadFailed: 'The comparison could not be loaded.',
  loading: 'Loading the comparison',
  searchToChoose: (kind: CompareKind) => `Find ${kind} to compare in the search`,
  addLabel: (kind: CompareKind) => `Add ${kind === 'officers' ? 'an officer' : 'a regiment'}`,
  addPlaceholder: (kind: CompareKind) => `Search ${kind} by name`,
  addFull: (kind: CompareKind) => `Four ${kind} are being compared: remove one to add another.`,
  addChoices: (kind: CompareKind) => `${nounOf(kind) === 'officer' ? 'Officers' : 'Regiments'} to add`,
  addChoiceCount: (count: number) => (count === 0 ? 'No match to add.' : `${count} ${count === 1 ? 'match' : 'matches'} to add.`),
  remove: (name: string) => `Remove ${name} from the comparison`,
  /** The rows of the comparison the officer page does not name already (officer.ts). */
  rowSide: 'Side',
  recentGroup: 'Last 90 days',
  rowRecentReviews: 'Reviews in the last 90 days',
  rowDistribution: 'Stars given',
  /** A distribution cell as a screen reader reads it: '5★ 12, 4★ 3, …'. */
  distributionSummary: (counts: readonly number[]) =>
    [5, 4, 3, 2, 1].map((stars) => `${stars} ${stars === 1 ? 'star' : 'stars'} ${counts[stars - 1] ?? 0}`).join(', '),
  tableCaption: (kind: CompareKind) => `The ${kind} compared, one column each`,
  cardsLabel: (kind: CompareKind) => `The ${kind} compared`,
  /** The way in from an officer's or a regiment's page. */
  compareWith: 'Compare with…',
  /** The search results' choice (issue 36: select up to four, then open the comparison). */
  selectToCompare: (name: string) => `Compare ${name}`,
  selectedCount: (count: number) => `${count} of 4 chosen to compare`,
  openComparison: 'Open comparison',
  chooseOneMore: 'Choose one more to compare',
  clearSelection: 'Clear',
} as const;
