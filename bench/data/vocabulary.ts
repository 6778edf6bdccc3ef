/**
 * Words for the benchmark dataset (bench/data/phases.ts). Everything here ends up inside SQL as
 * constant arrays (`sqlTextArray`), which PostgreSQL folds once per statement, so a row picks a
 * word by index without any join. Keep entries free of digits at the end (usernames end with the
 * user's id) and mind the length limits checked at the bottom of this file.
 */

/** A SQL array literal of text values: ARRAY['a','b']::text[]. */
export function sqlTextArray(values: readonly string[]): string {
  if (values.length === 0) throw new Error('an empty vocabulary list');
  return `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

/** A SQL array literal of numbers: ARRAY[1,2.5]::float8[]. */
export function sqlNumberArray(values: readonly number[]): string {
  if (values.length === 0) throw new Error('an empty number list');
  return `ARRAY[${values.map((v) => String(v)).join(',')}]::float8[]`;
}

/**
 * Upper bounds between weighted choices, for `width_bucket(u, bounds)`: with u uniform in [0, 1),
 * the bucket (0-based) is chosen with probability weight / total.
 */
export function cumulativeBounds(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const bounds: number[] = [];
  let running = 0;
  for (const weight of weights.slice(0, -1)) {
    running += weight;
    bounds.push(running / total);
  }
  return bounds;
}


// Shared with the demo seed rather than copied: the same words, the same review voice.
import { CLOSERS, ONE_LINERS, OPENERS, type Tone } from '#server/seed/texts.js';
import { REGIMENT_FACT_LIMITS, WEEKDAYS, type LanguageCode, type Region } from '#core/regiment-facts.js';
import { canonicalTimeZone } from '#core/schemas/regiment-facts.js';
export type { Tone };
export { USERNAME_HEADS, USERNAME_TAILS } from '#server/seed/names.js';
export const REVIEW_ONE_LINERS = ONE_LINERS;
export const REVIEW_OPENERS = OPENERS;
export const REVIEW_CLOSERS = CLOSERS;

export const GIVEN_NAMES: readonly string[] = [
  'Aaron', 'Abel', 'Abner', 'Abraham', 'Absalom', 'Adam', 'Addison', 'Adolphus', 'Albert', 'Alexander',
  'Alfred', 'Allen', 'Alonzo', 'Alpheus', 'Alvin', 'Ambrose', 'Amos', 'Andrew', 'Anson', 'Archibald',
  'Asa', 'Asahel', 'Augustus', 'Barnabas', 'Bartholomew', 'Benjamin', 'Bennett', 'Burrell', 'Byron', 'Caleb',
  'Calvin', 'Cassius', 'Charles', 'Chauncey', 'Christopher', 'Clark', 'Clement', 'Cornelius', 'Cyrus', 'Daniel',
  'David', 'Delos', 'Dennis', 'Dudley', 'Ebenezer', 'Edgar', 'Edmund', 'Edward', 'Edwin', 'Elbert',
  'Eli', 'Elias', 'Elihu', 'Elijah', 'Elisha', 'Elmer', 'Emory', 'Enoch', 'Ephraim', 'Erastus',
  'Ezekiel', 'Ezra', 'Francis', 'Franklin', 'Frederick', 'Gabriel', 'George', 'Gideon', 'Gilbert', 'Granville',
  'Green', 'Hamilton', 'Harmon', 'Harrison', 'Harvey', 'Henry', 'Hezekiah', 'Hiram', 'Horace', 'Horatio',
  'Hosea', 'Hugh', 'Ira', 'Isaac', 'Isaiah', 'Isham', 'Israel', 'Jabez', 'Jackson', 'Jacob',
  'James', 'Jared', 'Jasper', 'Jefferson', 'Jeremiah', 'Jesse', 'Joel', 'John', 'Jonas', 'Jonathan',
  'Joseph', 'Joshua', 'Josiah', 'Julius', 'Lafayette', 'Lemuel', 'Leonidas', 'Levi', 'Lewis', 'Lorenzo',
  'Lucius', 'Luther', 'Lyman', 'Madison', 'Marcus', 'Marion', 'Martin', 'Matthew', 'Micajah', 'Milton',
  'Morgan', 'Moses', 'Nathan', 'Nathaniel', 'Nelson', 'Newton', 'Noah', 'Obadiah', 'Oliver', 'Orlando',
  'Orville', 'Oscar', 'Otis', 'Patrick', 'Peter', 'Philander', 'Philip', 'Pleasant', 'Reuben', 'Richard',
  'Robert', 'Rufus', 'Samuel', 'Seth', 'Silas', 'Simeon', 'Solomon', 'Stephen', 'Sylvester', 'Thaddeus',
  'Thomas', 'Tilman', 'Timothy', 'Ulysses', 'Uriah', 'Virgil', 'Walter', 'Warren', 'Washington', 'Wesley',
  'Wiley', 'William', 'Willis', 'Winfield', 'Zachariah', 'Zebulon',
];

export const SURNAMES: readonly string[] = [
  'Abbott', 'Adams', 'Aiken', 'Alden', 'Allison', 'Ames', 'Anderson', 'Archer', 'Armistead', 'Ashby',
  'Atkinson', 'Avery', 'Bailey', 'Baker', 'Baldwin', 'Banks', 'Barksdale', 'Barlow', 'Barnes', 'Barton',
  'Bates', 'Baxter', 'Beaumont', 'Beckett', 'Bell', 'Benson', 'Berry', 'Bishop', 'Blackburn', 'Blackwood',
  'Blair', 'Bolton', 'Boone', 'Bowen', 'Bowman', 'Boyd', 'Bradford', 'Bradley', 'Bragg', 'Brannigan',
  'Brewer', 'Briggs', 'Brooks', 'Brown', 'Bryant', 'Buckner', 'Buford', 'Burgess', 'Burnett', 'Burnside',
  'Burton', 'Butler', 'Caldwell', 'Calloway', 'Cameron', 'Campbell', 'Carlton', 'Carroll', 'Carson', 'Carter',
  'Carver', 'Chamberlain', 'Chandler', 'Chapman', 'Chase', 'Clark', 'Clayborne', 'Clayton', 'Cobb', 'Cole',
  'Coleman', 'Colquitt', 'Conway', 'Cooke', 'Cooper', 'Corbett', 'Cox', 'Crane', 'Crawford', 'Crockett',
  'Cross', 'Cummings', 'Curtis', 'Dabney', 'Dalton', 'Daniels', 'Davidson', 'Davis', 'Dawson', 'Dean',
  'Delaney', 'Denton', 'Dickson', 'Dix', 'Dodge', 'Doubleday', 'Douglas', 'Drake', 'Dudley', 'Duncan',
  'Dunham', 'Dunn', 'Early', 'Eaton', 'Edwards', 'Elliott', 'Ellis', 'Ellison', 'Ellsworth', 'Emerson',
  'Evans', 'Everett', 'Ewell', 'Fairfax', 'Farnsworth', 'Farragut', 'Fenwick', 'Ferguson', 'Fields', 'Fisher',
  'Fitzgerald', 'Fleming', 'Fletcher', 'Forbes', 'Forrest', 'Foster', 'Fowler', 'Franklin', 'Frazier', 'Freeman',
  'French', 'Fuller', 'Gaines', 'Gardner', 'Garland', 'Garnett', 'Garrison', 'Gibbon', 'Gibson', 'Gilbert',
  'Gleason', 'Goodwin', 'Gordon', 'Graham', 'Granger', 'Grant', 'Graves', 'Gray', 'Greene', 'Gregg',
  'Griffin', 'Grimes', 'Hadley', 'Hale', 'Hall', 'Halleck', 'Hamilton', 'Hampton', 'Hancock', 'Hardee',
  'Harlan', 'Harper', 'Harris', 'Harrison', 'Hartley', 'Hartranft', 'Harvey', 'Hatch', 'Hawkins', 'Hayes',
  'Haywood', 'Heath', 'Henderson', 'Heth', 'Hill', 'Hines', 'Hobson', 'Hodges', 'Holland', 'Hollister',
  'Holmes', 'Hood', 'Hooker', 'Hopkins', 'Howard', 'Hudson', 'Huger', 'Hughes', 'Humphreys', 'Hunt',
  'Hunter', 'Hutchinson', 'Ingram', 'Iverson', 'Jackson', 'James', 'Jameson', 'Jamison', 'Jefferson', 'Jenkins',
  'Johnson', 'Johnston', 'Jones', 'Jordan', 'Kane', 'Kearny', 'Keller', 'Kelly', 'Kemper', 'Kendall',
  'Kennedy', 'Kershaw', 'Keyes', 'Kilpatrick', 'Kimball', 'King', 'Knight', 'Lamb', 'Lane', 'Langley',
  'Larson', 'Law', 'Lawrence', 'Lawson', 'Lawton', 'Lee', 'Lewis', 'Lincoln', 'Lockwood', 'Logan',
  'Longstreet', 'Lowell', 'Lyle', 'Lyman', 'Lyon', 'Mack', 'Madison', 'Magruder', 'Mahone', 'Mansfield',
  'Marsh', 'Marshall', 'Martin', 'Mason', 'Matheson', 'Maxwell', 'McAllister', 'McClellan', 'McCready', 'McDowell',
  'McLaws', 'McPherson', 'Meade', 'Meagher', 'Merriweather', 'Miles', 'Miller', 'Mitchell', 'Monroe', 'Montgomery',
  'Moore', 'Morgan', 'Morris', 'Morrison', 'Morrow', 'Morton', 'Mosby', 'Munford', 'Murphy', 'Nash',
  'Neal', 'Nelson', 'Newcomb', 'Newell', 'Newman', 'Newton', 'Nichols', 'Nolan', 'Norris', "O'Brien",
  "O'Neal", "O'Rourke", 'Osborne', 'Owen', 'Page', 'Palmer', 'Pardee', 'Parker', 'Patterson', 'Payne',
  'Pearson', 'Pemberton', 'Pender', 'Perkins', 'Perry', 'Peterson', 'Pettigrew', 'Phelps', 'Pickens', 'Pickett',
  'Pierce', 'Pike', 'Pleasonton', 'Polk', 'Pope', 'Porter', 'Potter', 'Powell', 'Pratt', 'Prescott',
  'Preston', 'Price', 'Quincy', 'Quinn', 'Ramsey', 'Randolph', 'Ransom', 'Rawlins', 'Ray', 'Redfield',
  'Reed', 'Reynolds', 'Rhodes', 'Rice', 'Richardson', 'Ricketts', 'Ripley', 'Robertson', 'Robinson', 'Rodes',
  'Rodman', 'Rogers', 'Rosser', 'Rowley', 'Russell', 'Sanders', 'Saunders', 'Sawyer', 'Schofield', 'Scott',
  'Sedgwick', 'Semmes', 'Sexton', 'Seymour', 'Shaw', 'Shelby', 'Sheridan', 'Sherman', 'Shields', 'Sickles',
  'Simmons', 'Simpson', 'Slocum', 'Smith', 'Spencer', 'Stannard', 'Stark', 'Steele', 'Stevens', 'Stevenson',
  'Stewart', 'Stone', 'Stoneman', 'Stuart', 'Sturgis', 'Sullivan', 'Sumner', 'Sutton', 'Sykes', 'Talbot',
  'Taylor', 'Terry', 'Thomas', 'Thompson', 'Thornton', 'Tilghman', 'Tomlinson', 'Toombs', 'Trimble', 'Tucker',
  'Turner', 'Tyler', 'Underwood', 'Upton', 'Vance', 'Vaughn', 'Wade', 'Wadsworth', 'Wainwright', 'Walker',
  'Wallace', 'Walton', 'Ward', 'Warren', 'Watkins', 'Watson', 'Webb', 'Webster', 'Weed', 'Wells',
  'West', 'Wetherby', 'Wheeler', 'Whitcomb', 'White', 'Whitfield', 'Whiting', 'Wilcox', 'Wilder', 'Wilkinson',
  'Willard', 'Williams', 'Wilson', 'Winslow', 'Wise', 'Wofford', 'Wood', 'Wright', 'Yates', 'Young',
];

/** Surnames as they appear inside usernames: letters only. */
export const USERNAME_SURNAMES: readonly string[] = SURNAMES.map((s) => s.replace(/[^A-Za-z]/g, ''));

/** Nicknames for the `Amos "Muddy" Shields` style of officer name. */
export const OFFICER_NICKNAMES: readonly string[] = [
  'Ramrod', 'Bulldog', 'Old Iron', 'Sharps', 'Sparky', 'Doc', 'Canister', 'Tiger', 'Parson', 'Swamp Fox',
  'Red', 'Dutch', 'Bugle', 'Lucky', 'Stump', 'Preacher', 'Muddy', 'Hardtack', 'Cap', 'Deacon',
  'Fighting Joe', 'Old Blue', 'Stonewall', 'Jeb', 'Baldy', 'Slim', 'Shorty', 'Rebel', 'Yank', 'Grizzly',
];

export const MIDDLE_INITIALS: readonly string[] = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'W',
];

/** How an officer's name is written: weights of the four styles. */
export const OFFICER_NAME_STYLES = [
  { style: 'plain', weight: 58 }, // Orville Hunt
  { style: 'initial', weight: 12 }, // J. Dix
  { style: 'nickname', weight: 10 }, // Amos "Muddy" Shields
  { style: 'middle', weight: 20 }, // Harrison C. Young
] as const;

/** Ranks an officer can hold, with how common each is among 20,000 officers. */
export const RANKS: ReadonlyArray<{ rank: string; weight: number }> = [
  { rank: 'Gen.', weight: 0.3 },
  { rank: 'Maj. Gen.', weight: 0.7 },
  { rank: 'Brig. Gen.', weight: 1.5 },
  { rank: 'Col.', weight: 5 },
  { rank: 'Lt. Col.', weight: 4 },
  { rank: 'Maj.', weight: 6 },
  { rank: 'Capt.', weight: 22 },
  { rank: '1st Lt.', weight: 16 },
  { rank: '2nd Lt.', weight: 14 },
  { rank: 'Sgt. Maj.', weight: 3 },
  { rank: '1st Sgt.', weight: 6 },
  { rank: 'Sgt.', weight: 14 },
  { rank: 'Cpl.', weight: 7.5 },
];

/** side: 1 Union, 2 Confederate, 0 border state (either side). weight: how many regiments it raises. */
export const STATES: ReadonlyArray<{ name: string; code: string; side: 0 | 1 | 2; weight: number }> = [
  { name: 'Maine', code: 'ME', side: 1, weight: 3 },
  { name: 'New Hampshire', code: 'NH', side: 1, weight: 2 },
  { name: 'Vermont', code: 'VT', side: 1, weight: 2 },
  { name: 'Massachusetts', code: 'MA', side: 1, weight: 4 },
  { name: 'Rhode Island', code: 'RI', side: 1, weight: 1 },
  { name: 'Connecticut', code: 'CT', side: 1, weight: 2 },
  { name: 'New York', code: 'NY', side: 1, weight: 10 },
  { name: 'New Jersey', code: 'NJ', side: 1, weight: 3 },
  { name: 'Pennsylvania', code: 'PA', side: 1, weight: 8 },
  { name: 'Ohio', code: 'OH', side: 1, weight: 6 },
  { name: 'Indiana', code: 'IN', side: 1, weight: 4 },
  { name: 'Illinois', code: 'IL', side: 1, weight: 4 },
  { name: 'Michigan', code: 'MI', side: 1, weight: 3 },
  { name: 'Wisconsin', code: 'WI', side: 1, weight: 3 },
  { name: 'Minnesota', code: 'MN', side: 1, weight: 1.5 },
  { name: 'Iowa', code: 'IA', side: 1, weight: 2 },
  { name: 'West Virginia', code: 'WV', side: 1, weight: 1.5 },
  { name: 'Virginia', code: 'VA', side: 2, weight: 12 },
  { name: 'North Carolina', code: 'NC', side: 2, weight: 5 },
  { name: 'South Carolina', code: 'SC', side: 2, weight: 3 },
  { name: 'Georgia', code: 'GA', side: 2, weight: 5 },
  { name: 'Florida', code: 'FL', side: 2, weight: 1 },
  { name: 'Alabama', code: 'AL', side: 2, weight: 3 },
  { name: 'Mississippi', code: 'MS', side: 2, weight: 3 },
  { name: 'Louisiana', code: 'LA', side: 2, weight: 3 },
  { name: 'Texas', code: 'TX', side: 2, weight: 3 },
  { name: 'Arkansas', code: 'AR', side: 2, weight: 1.5 },
  { name: 'Tennessee', code: 'TN', side: 2, weight: 3 },
  { name: 'Maryland', code: 'MD', side: 0, weight: 2 },
  { name: 'Kentucky', code: 'KY', side: 0, weight: 1.5 },
  { name: 'Missouri', code: 'MO', side: 0, weight: 1 },
  { name: 'Delaware', code: 'DE', side: 0, weight: 0.5 },
];

/** Regiment branches; tag is appended to the bracketed unit tag (16MD, 10IAC). */
export const BRANCHES: ReadonlyArray<{ name: string; tag: string; weight: number }> = [
  { name: 'Infantry', tag: '', weight: 55 },
  { name: 'Volunteers', tag: 'V', weight: 20 },
  { name: 'Cavalry', tag: 'C', weight: 15 },
  { name: 'Artillery', tag: 'A', weight: 10 },
];

/** The optional `– {nickname}` part of a regiment name. */
export const REGIMENT_NICKNAMES: readonly string[] = [
  'Rifles', 'Zouaves', 'Iron Brigade', 'Tigers', 'Bucktails', 'Sharpshooters', 'Highlanders', 'Rangers',
  'Greys', 'Guards', 'Mountaineers', 'Fire Zouaves', 'Irish Brigade', 'Stonewall Brigade', 'Excelsior Brigade',
  'Black Hats', 'Wildcats', 'Hornets', 'Raiders', 'Pioneers', 'Fusiliers', 'Lancers', 'Horse Guards',
  'Flying Battery', 'Long Toms', 'Bulldogs', 'Invincibles', 'Home Guard', 'Skirmishers', 'Musketeers',
  'Cadets', 'Blues', 'Light Guard', 'Legion', 'Grenadiers', 'Red Legs', 'Swamp Rats', 'Color Guard',
];

/** Regiment descriptions: one sentence of each list (the third only sometimes). */
export const REGIMENT_DESCRIPTION_STYLES: readonly string[] = [
  'Line infantry with strict drill and steady volleys.',
  'A relaxed regiment that gets serious on event nights.',
  'Competitive unit running two companies and a skirmish section.',
  'Historical-minded regiment: period drill, proper ranks, realistic engagements.',
  'Small, tight-knit unit known for holding the line when it matters.',
  'Aggressive assault troops who love a bayonet charge.',
  'Skirmish and marksman specialists who screen the brigade.',
  'Friendly, growing community looking for NCOs.',
  'Artillery crew: limbers, canister and counter-battery fire.',
  'Mounted screen and scouts for the brigade.',
  'Rebuilt this year after a long break, with new leadership.',
  'Teaching regiment where every recruit gets a mentor NCO.',
];

export const REGIMENT_DESCRIPTION_SCHEDULES: readonly string[] = [
  'Drill Wednesdays, linebattles Saturdays 8pm EST.',
  'Events Friday and Sunday, EU friendly times.',
  'Casual public server nights, events every other Saturday.',
  'Two events a week, attendance expected at one.',
  'Mostly NA evenings; events on Saturday.',
  'Drill Tuesday, events Saturday and Sunday.',
  'Weekend events only, no attendance rules.',
  'EU evenings, events Thursday and Saturday.',
];

export const REGIMENT_DESCRIPTION_EXTRAS: readonly string[] = [
  'Ages 16+, NA and EU welcome.',
  'Voice comms required at events.',
  'Newcomers get a recruit drill first.',
  'Mature community, chill comms.',
  'Join through our Discord.',
  'Bagpipes optional, good cheer required.',
];



export const USERNAME_WORDS: readonly string[] = [
  'Cannon', 'Pipe', 'Powder', 'Flint', 'Saber', 'Drum', 'Fife', 'Boot', 'Canteen', 'Bugle', 'Rifle', 'Shako',
  'Fence', 'Wagon', 'Mule', 'Lantern', 'Barrel', 'Spur', 'Sash', 'Biscuit', 'Coffee', 'Tent', 'Ridge', 'Creek',
  'Mill', 'Bridge', 'Orchard', 'Stone', 'Copper', 'Brass', 'Eagle', 'Crow', 'Hound', 'Badger', 'Oak', 'Pine',
];

/** Places on the War of Rights maps, for review anecdotes. */
export const MAP_PLACES: readonly string[] = [
  "Miller's Cornfield", 'the West Woods', 'the Dunker Church', 'the Bloody Lane', "Burnside's Bridge",
  'Harpers Ferry', 'Bolivar Heights', "Fox's Gap", "Turner's Gap", "Crampton's Gap", 'the East Woods',
  "Piper's Orchard", 'drill camp', 'the Roulette Farm', 'the Sunken Road', 'South Mountain',
  'the Hagerstown Pike', 'Schoolhouse Ridge', 'the Pry Ford', 'the Mumma Farm',
];

/** In the order SQL picks them by index: 0 positive, 1 mixed, 2 negative. */
export const TONES: readonly Tone[] = ['positive', 'mixed', 'negative'];
/** A review's tone follows its overall rating. */
export const TONE_POSITIVE_FROM = 3.9;
export const TONE_NEGATIVE_UP_TO = 2.6;



/** Remarks on one category, good (score 3 or more) or bad; in the order leadership, tactics, communication, fairness. */
export const CATEGORY_REMARKS: ReadonlyArray<{ category: string; good: readonly string[]; bad: readonly string[] }> = [
  {
    category: 'leadership',
    good: [
      'Rallies the line even after we lose half the company.',
      'Leads from the front without being reckless about it.',
      'Keeps morale up when we are getting shelled.',
      'Trusts the NCOs and it shows.',
      'People actually want to stay in the line for this officer.',
    ],
    bad: [
      'Nobody knows who is in charge when things go wrong.',
      'Gives up on the round the moment we lose a point.',
      'Runs off alone and leaves the company leaderless.',
      'Morale collapses the second there is a setback.',
      'Shouts at the line instead of leading it.',
    ],
  },
  {
    category: 'tactics',
    good: [
      'Reads the map well and knows where the enemy will push.',
      'Uses terrain and fences properly instead of standing in the open.',
      'Knows exactly when to volley and when to charge.',
      'Flanked them through {place} and it won us the round.',
      'Picks fights we can actually win.',
    ],
    bad: [
      'Marched us across the open ground at {place} into three regiments.',
      'Charges at the worst possible moment.',
      'Keeps us in column under artillery fire.',
      'Never scouts, so we walk into the same ambush every round.',
      'Holds positions long after they stop mattering.',
    ],
  },
  {
    category: 'communication',
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
  {
    category: 'fairness',
    good: [
      'Treats recruits and veterans the same.',
      'Hands out promotions based on merit, not friendships.',
      'Rotates the colour bearer and skirmish spots so everyone gets a turn.',
      'Handles disputes calmly and privately.',
      'Never blames the line for a bad call.',
    ],
    bad: [
      'Same three friends always get the NCO slots.',
      'Kicked people from the regiment Discord over a joke.',
      'Blames the privates for every lost round.',
      'Rules apply to everyone except the inner circle.',
      'Promotions feel completely arbitrary.',
    ],
  },
];

export const REVIEW_ANECDOTES: Record<Tone, readonly string[]> = {
  positive: [
    'Last Saturday at {place} we held against two full regiments because of those calls.',
    'The push at {place} during the last event is something I will remember for a while.',
    'Even when we got wiped at {place}, it became a lesson instead of a blame game.',
    'Took the time after an event to go over what went wrong at {place}.',
  ],
  mixed: [
    'The attack at {place} was great, the defence afterwards a mess.',
    'We won at {place} but it felt like luck more than a plan.',
    'At {place} the plan was good but nobody heard it.',
    'Some events are excellent, like the one at {place}, others fall apart early.',
  ],
  negative: [
    'At {place} we stood in the open for two minutes waiting for an order.',
    'Lost the whole company at {place} because we would not fall back.',
    'After the mess at {place} it was ten minutes of arguing in chat.',
    'The disaster at {place} last weekend was entirely avoidable.',
  ],
};


export const FLAG_REASONS: readonly string[] = [
  'Personal attack on the officer rather than a review.',
  'Contains a slur in the second sentence.',
  'This reviewer was never in our regiment.',
  'Spam: the same text is posted on several officers.',
  'The review is about a different officer.',
  'Quotes private Discord messages.',
  'Harassment, the reviewer has a grudge from another game.',
  'Contains an invite link to another server.',
  'Off-topic rant about the developers, not the officer.',
  'Posted by an alt account to drag the rating down.',
  'Reveals the real name of the officer.',
  'Threatens to report the regiment to the server admins.',
];

export const REGISTRATION_NOTES_APPROVED: readonly string[] = [
  'Checked the Discord and the roster, all in order.',
  'Verified with the regiment leadership.',
  'Known unit, approved.',
  'Steam group matches the roster.',
];

export const REGISTRATION_NOTES_REJECTED: readonly string[] = [
  'Duplicate of an existing entry.',
  'Could not verify the roster.',
  'No reply from the regiment leadership.',
  'Not a War of Rights unit.',
];

/** Branch of the regiments people ask to register: never one of BRANCHES, so no name can clash. */
export const REGISTRATION_BRANCH = 'Sharpshooters';

/**
 * The regiment finder's facts (issue 36, item 5). Regions with how many regiments play in each (NA
 * first, then EU); in each region its communities: a first language, how common it is there, and
 * the IANA time zones its regiments give; and the languages a regiment there speaks beside its first.
 */
export const REGIMENT_REGIONS: ReadonlyArray<{
  region: Region;
  weight: number;
  communities: ReadonlyArray<{ language: LanguageCode; weight: number; timeZones: readonly string[] }>;
  alsoSpoken: readonly LanguageCode[];
}> = [
  {
    region: 'NA',
    weight: 55,
    communities: [
      { language: 'en', weight: 90, timeZones: ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Toronto'] },
      { language: 'es', weight: 6, timeZones: ['America/Mexico_City', 'America/Chicago', 'America/Los_Angeles'] },
      { language: 'fr', weight: 4, timeZones: ['America/Toronto'] },
    ],
    alsoSpoken: ['es', 'fr', 'de'],
  },
  {
    region: 'EU',
    weight: 30,
    communities: [
      { language: 'en', weight: 36, timeZones: ['Europe/London', 'Europe/Dublin', 'Europe/Berlin', 'Europe/Amsterdam'] },
      { language: 'de', weight: 20, timeZones: ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich'] },
      { language: 'fr', weight: 9, timeZones: ['Europe/Paris', 'Europe/Brussels'] },
      { language: 'pl', weight: 7, timeZones: ['Europe/Warsaw'] },
      { language: 'ru', weight: 6, timeZones: ['Europe/Moscow'] },
      { language: 'nl', weight: 6, timeZones: ['Europe/Amsterdam', 'Europe/Brussels'] },
      { language: 'sv', weight: 5, timeZones: ['Europe/Stockholm'] },
      { language: 'es', weight: 4, timeZones: ['Europe/Madrid'] },
      { language: 'it', weight: 3, timeZones: ['Europe/Rome'] },
      { language: 'cs', weight: 2, timeZones: ['Europe/Prague'] },
      { language: 'fi', weight: 2, timeZones: ['Europe/Helsinki'] },
    ],
    alsoSpoken: ['en', 'de', 'fr', 'nl', 'pl', 'ru'],
  },
  {
    region: 'SA',
    weight: 6,
    communities: [
      { language: 'pt', weight: 55, timeZones: ['America/Sao_Paulo'] },
      { language: 'es', weight: 40, timeZones: ['America/Santiago', 'America/Bogota', 'America/Lima'] },
      { language: 'en', weight: 5, timeZones: ['America/Sao_Paulo'] },
    ],
    alsoSpoken: ['en', 'es', 'pt'],
  },
  {
    region: 'OCE',
    weight: 6,
    communities: [
      { language: 'en', weight: 100, timeZones: ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Perth', 'Pacific/Auckland'] },
    ],
    alsoSpoken: ['en'],
  },
  {
    region: 'Asia',
    weight: 3,
    communities: [
      { language: 'en', weight: 45, timeZones: ['Asia/Singapore', 'Asia/Manila', 'Asia/Hong_Kong'] },
      { language: 'ja', weight: 20, timeZones: ['Asia/Tokyo'] },
      { language: 'zh', weight: 20, timeZones: ['Asia/Shanghai', 'Asia/Taipei'] },
      { language: 'ko', weight: 15, timeZones: ['Asia/Seoul'] },
    ],
    alsoSpoken: ['en'],
  },
];

/** A regiment's weekly events: what, on which weekday (weights Monday to Sunday), at what local time. */
export const SCHEDULE_EVENT_NAMES: readonly string[] = [
  'Linebattle',
  'Regimental drill',
  'Brigade event',
  'Public server night',
  'Recruit training',
  'Skirmish practice',
  'NCO meeting',
  'Campaign night',
  'Artillery drill',
  'Casual muster',
];
export const SCHEDULE_DAY_WEIGHTS: readonly number[] = [1, 2, 3, 2, 3, 5, 3];
export const SCHEDULE_TIMES: readonly string[] = ['17:00', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];

/** Minimum ages regiments set, with how common each is among those that set one. */
export const MINIMUM_AGES: ReadonlyArray<{ age: number; weight: number }> = [
  { age: 16, weight: 45 },
  { age: 18, weight: 35 },
  { age: 13, weight: 6 },
  { age: 14, weight: 6 },
  { age: 15, weight: 3 },
  { age: 21, weight: 5 },
];

// Length limits, checked once at load so a vocabulary edit cannot produce a row the schema refuses.
const longest = (values: readonly string[]) => Math.max(...values.map((v) => v.length));
const OFFICER_REF_MAX = longest(RANKS.map((r) => r.rank)) + 1 + longest(SURNAMES);
const PLACE_MAX = longest(MAP_PLACES);
/** The most a review text can grow when {officer} and {place} are filled in. */
function expandedMax(values: readonly string[]): number {
  return Math.max(
    ...values.map(
      (v) => v.length + (v.split('{officer}').length - 1) * (OFFICER_REF_MAX - 9) + (v.split('{place}').length - 1) * (PLACE_MAX - 7),
    ),
  );
}
const allTones = (lists: Record<Tone, readonly string[]>) => TONES.flatMap((t) => lists[t]);
/** Opener, two remarks, an anecdote and a closer, joined by spaces. */
export const REVIEW_TEXT_MAX =
  expandedMax(allTones(REVIEW_OPENERS)) +
  2 * expandedMax(CATEGORY_REMARKS.flatMap((c) => [...c.good, ...c.bad])) +
  expandedMax(allTones(REVIEW_ANECDOTES)) +
  expandedMax(allTones(REVIEW_CLOSERS)) +
  4;
if (REVIEW_TEXT_MAX > 500 || expandedMax(allTones(REVIEW_ONE_LINERS)) > 500) {
  throw new Error(`review texts can reach ${REVIEW_TEXT_MAX} characters, more than the 500 reviews.text holds`);
}
const DESCRIPTION_MAX =
  longest(REGIMENT_DESCRIPTION_STYLES) + longest(REGIMENT_DESCRIPTION_SCHEDULES) + longest(REGIMENT_DESCRIPTION_EXTRAS) + 2;
if (DESCRIPTION_MAX > 250) throw new Error(`regiment descriptions can reach ${DESCRIPTION_MAX} characters, more than 250`);

// The facts as the app accepts them from an owner (src/core/schemas/regiment-facts.ts; regions and
// language codes are typed): time zones this runtime knows by these very names, events and ages
// within the limits.
for (const zone of REGIMENT_REGIONS.flatMap((r) => r.communities.flatMap((c) => c.timeZones))) {
  if (canonicalTimeZone(zone) !== zone) throw new Error(`${zone} is not a canonical time zone of this runtime`);
}
if (SCHEDULE_DAY_WEIGHTS.length !== WEEKDAYS.length) throw new Error('one schedule weight per weekday');
if (longest(SCHEDULE_EVENT_NAMES) > REGIMENT_FACT_LIMITS.eventWhatMax) throw new Error('a schedule event name is too long');
if (SCHEDULE_TIMES.some((time) => !/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(time))) throw new Error('schedule times are HH:MM');
if (MINIMUM_AGES.some(({ age }) => age < REGIMENT_FACT_LIMITS.minimumAgeMin || age > REGIMENT_FACT_LIMITS.minimumAgeMax)) {
  throw new Error('a minimum age outside the limits');
}
