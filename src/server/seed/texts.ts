/**
 * Review texts for the demo data, composed from fragments so that 600 reviews read differently and
 * their tone matches their scores. `{officer}` becomes e.g. "Capt. Hartley", `{place}` a map location.
 */
import type { CategoryRatings } from '#core/rating.js';
import { LIMITS, RATING_CATEGORIES, type RatingCategory } from '#core/constants.js';
import { MAP_PLACES } from './names.js';
import type { SeededRandom } from './random.js';

export type Tone = 'positive' | 'mixed' | 'negative';

export const ONE_LINERS: Record<Tone, readonly string[]> = {
  positive: [
    'Best CO on the server, hands down.',
    'Would follow {officer} into the Cornfield again tomorrow.',
    'Calm, clear, fair. Ten out of ten.',
    'Great officer. Made my first linebattle a blast.',
    'o7 to {officer}. Absolute legend.',
    'Solid leader, never wastes our lives.',
  ],
  mixed: [
    'Decent officer, nothing special.',
    'Some nights great, some nights lost. Average overall.',
    'Fine for casual play, not sure about events.',
    'Knows the game, needs to talk more.',
    'Okay. Gets the job done most of the time.',
  ],
  negative: [
    'Led us into canister three times in one round.',
    'Not worth the Discord drama.',
    'Could not hear a single order all night.',
    'Plays favourites, ignores the new guys.',
    'Needs a lot more practice before leading a company.',
  ],
};

export const OPENERS: Record<Tone, readonly string[]> = {
  positive: [
    'Played under {officer} for about three months now and it has been a pleasure.',
    '{officer} is the reason I stuck with this regiment.',
    'One of the best officers I have served under in War of Rights.',
    'Joined as a recruit and {officer} took the time to show me the ropes.',
    'Every event with {officer} in command feels organised from the first bugle.',
    'I have been in four regiments and {officer} is the best leader I have had.',
    'Honestly a joy to play under.',
    '{officer} keeps a cool head when everything is going sideways.',
    'Great presence on comms and in the line.',
    'If you get the chance to fall in behind {officer}, take it.',
  ],
  mixed: [
    '{officer} is a decent officer with some rough edges.',
    'Mixed feelings about {officer}.',
    'Served under {officer} for a few weeks.',
    'Good intentions, uneven execution.',
    '{officer} clearly knows the maps, but leading people is a different skill.',
    'Some of my best and worst rounds were under {officer}.',
    'I want to like playing under {officer}, and sometimes I do.',
    'Not bad, not great.',
    'Hard to rate {officer} fairly; it depends a lot on the night.',
  ],
  negative: [
    'I really wanted this to work out, but playing under {officer} was frustrating.',
    'Left the regiment mostly because of {officer}.',
    'Not a good experience.',
    '{officer} treats linebattles like a personal highlight reel.',
    'Three events with {officer} and I am done.',
    'Hate to write this, but someone should.',
    'Avoid if you are new to the game.',
    '{officer} seems to forget there are people behind the muskets.',
    'Rough nights under {officer}.',
  ],
};

const CATEGORY_REMARKS: Record<RatingCategory, { good: readonly string[]; bad: readonly string[] }> = {
  leadership: {
    good: [
      'Rallies the line even after we lose half the company.',
      'Leads from the front without being reckless about it.',
      'Keeps morale up when we are getting shelled.',
      'Trusts his NCOs and it shows.',
      'People actually want to stay in the line for this guy.',
    ],
    bad: [
      'Nobody knows who is in charge when things go wrong.',
      'Gives up on the round the moment we lose a point.',
      'Runs off on his own and leaves the company leaderless.',
      'Morale collapses the second there is a setback.',
      'Shouts at the line instead of leading it.',
    ],
  },
  tactics: {
    good: [
      'Reads the map well and always seems to know where the enemy will push.',
      'Uses terrain and fences properly instead of standing in the open.',
      'Knows exactly when to volley and when to charge.',
      'Flanked them through {place} and it won us the round.',
      'Picks fights we can actually win.',
    ],
    bad: [
      'Marched us straight across the open ground at {place} into three regiments.',
      'Charges at the worst possible moment.',
      'Keeps us in column under artillery fire.',
      'Never scouts, so we walk into the same ambush every round.',
      'Holds positions long after they stop mattering.',
    ],
  },
  communication: {
    good: [
      'Orders are short, loud and clear.',
      'Always tells us the plan before we step off.',
      'Keeps the NCO channel informed so sergeants can do their job.',
      'Calls out enemy movements early enough to react.',
      'Explains why, not just what, which helps new players a lot.',
    ],
    bad: [
      'Half the orders are mumbled or drowned out by chatter.',
      'We find out the plan after we are already dead.',
      'Changes orders every thirty seconds.',
      'Goes silent right when we need direction.',
      'Never passes information to the NCOs.',
    ],
  },
  fairness: {
    good: [
      'Treats recruits and veterans the same.',
      'Hands out promotions based on merit, not friendships.',
      'Rotates the colour bearer and skirmish spots so everyone gets a turn.',
      'Handles disputes calmly and privately.',
      'Never blames the line for his own calls.',
    ],
    bad: [
      'Same three friends always get the NCO slots.',
      'Kicked people from the regiment Discord over a joke.',
      'Blames the privates for every lost round.',
      'Rules apply to everyone except his friends.',
      'Promotions feel completely arbitrary.',
    ],
  },
};

const ANECDOTES: Record<Tone, readonly string[]> = {
  positive: [
    'Last Saturday at {place} we held against two full regiments because of his calls.',
    'The push at {place} during the last event is something I will remember for a while.',
    'Even when we got wiped at {place}, he turned it into a lesson instead of a blame game.',
    'Took the time after an event to go over what went wrong at {place}.',
  ],
  mixed: [
    'The attack at {place} was great, the defence afterwards a mess.',
    'We won at {place} but it felt like luck more than a plan.',
    'At {place} the plan was good but nobody heard it.',
    'Some events are excellent, like the one at {place}, others fall apart early.',
  ],
  negative: [
    'At {place} we stood in the open for two minutes waiting for an order that never came.',
    'Lost the whole company at {place} because he would not fall back.',
    'After the mess at {place} he spent ten minutes arguing in chat instead of regrouping.',
    'The disaster at {place} last weekend was entirely avoidable.',
  ],
};

export const CLOSERS: Record<Tone, readonly string[]> = {
  positive: ['Highly recommended.', 'Would serve under again any day.', 'Keep it up, sir!', 'o7', 'Huzzah!', 'A credit to the regiment.'],
  mixed: [
    'Worth a try, but keep your expectations reasonable.',
    'With some practice this could be a great officer.',
    'Three stars feels about right.',
    'Might give it another go after the next update.',
    'Not sure I would recommend it to a new player.',
  ],
  negative: [
    'Would not recommend.',
    'Hope it improves, but I am not holding my breath.',
    'Find another company if you can.',
    'Needs to step back and learn from the NCOs.',
    'Not for me.',
  ],
};

export interface ReviewTextContext {
  /** Rank and surname as a player would write it, e.g. "Capt. Hartley". */
  officer: string;
  scores: CategoryRatings;
  overall: number;
}

export function composeReviewText(random: SeededRandom, context: ReviewTextContext): string {
  const tone = toneOf(context.overall);
  const fill = (fragment: string) => fragment.replaceAll('{officer}', context.officer).replaceAll('{place}', random.pick(MAP_PLACES));

  if (random.chance(0.15)) return fill(random.pick(ONE_LINERS[tone]));

  const parts = [random.pick(OPENERS[tone]), ...categoryRemarks(random, context.scores, tone)];
  if (random.chance(0.5)) parts.push(random.pick(ANECDOTES[tone]));
  if (random.chance(0.6)) parts.push(random.pick(CLOSERS[tone]));
  return joinWithinLimit(parts.map(fill), LIMITS.reviewTextMax);
}

function toneOf(overall: number): Tone {
  if (overall >= 3.9) return 'positive';
  if (overall <= 2.6) return 'negative';
  return 'mixed';
}

/** Remarks on the categories the reviewer scored most clearly, so a text agrees with its stars. */
function categoryRemarks(random: SeededRandom, scores: CategoryRatings, tone: Tone): string[] {
  const ranked = [...RATING_CATEGORIES].sort((a, b) => scores[b] - scores[a]);
  const best = ranked[0]!;
  const worst = ranked[ranked.length - 1]!;
  const remarks: string[] = [];
  if (tone !== 'negative' && scores[best] >= 4) remarks.push(random.pick(CATEGORY_REMARKS[best].good));
  if (tone !== 'positive' && scores[worst] <= 2.5) remarks.push(random.pick(CATEGORY_REMARKS[worst].bad));
  if (remarks.length === 0 || random.chance(0.3)) {
    const category = random.pick(RATING_CATEGORIES);
    const pool = scores[category] >= 3 ? CATEGORY_REMARKS[category].good : CATEGORY_REMARKS[category].bad;
    const extra = random.pick(pool);
    if (!remarks.includes(extra)) remarks.push(extra);
  }
  return remarks;
}

function joinWithinLimit(parts: readonly string[], max: number): string {
  let text = '';
  for (const part of parts) {
    const next = text ? `${text} ${part}` : part;
    if (next.length > max) break;
    text = next;
  }
  return text;
}
