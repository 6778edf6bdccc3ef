/**
 * What a pasted link unfurls to (issue 19, item 1): the Open Graph and Twitter meta of the pages'
 * HTML and the texts drawn on the generated cards. Ratings reach these functions already formatted
 * (one decimal, spec section 2, Rating display).
 */
import { reviewerSignalsMessages } from './reviewer-signals.js';

const reviews = reviewerSignalsMessages.reviews;
const officers = (count: number) => `${count} ${count === 1 ? 'officer' : 'officers'}`;

export const linkPreviewMessages = {
  siteName: 'War of Rights Officer Ratings',
  homeDescription:
    'Players rate the officers who lead War of Rights regiments: leadership, tactics, communication and fairness. See who leads well before you fall in.',
  searchTitle: 'Find Officers and Regiments',
  searchDescription: 'Search War of Rights officers by name, regiment or rank, and browse the regiments of the Union and the Confederacy.',
  /** A page's <title>: 'Col. Joshua Chamberlain · War of Rights Officer Ratings'. */
  pageTitle: (title: string, siteName: string) => `${title} · ${siteName}`,
  officerTitle: (rank: string, name: string) => `${rank} ${name}`,
  officerCount: officers,
  /** '4.3/5 from 12 reviews': the figure with what it rests on. */
  ratedFrom: (rating: string, count: number) => `${rating}/5 from ${reviews(count)}`,
  /** Where an officer serves: '20th Maine (Union)'. */
  servesIn: (regiment: string, side: string) => `${regiment} (${side})`,
  /** The line above a regiment's name on its card, where an officer's rank stands. */
  regimentKicker: 'War of Rights Regiment',
  /** The line above the site's name on its own card. */
  siteKicker: 'Community ratings of officers and regiments',
  officerCardAlt: (title: string) => `Rating card of ${title}`,
  regimentCardAlt: (name: string) => `Rating card of the regiment ${name}`,
} as const;
