/**
 * Names for the demo data: regiments in the style War of Rights community units use (historical
 * unit name plus a bracketed tag), period-typical personal names, and gamer-style usernames.
 */

export interface DemoRegiment {
  name: string;
  /** Null for a couple of regiments, so the screens show a regiment without a description. */
  description: string | null;
  sideId: 1 | 2;
  /** Uneven on purpose, including 0 and 1, so empty and nearly empty states can be seen. */
  officerCount: number;
  /** Ranks of the first officers when a unit is led by generals rather than a colonel. */
  commandRanks?: readonly string[];
}

export const DEMO_REGIMENTS: readonly DemoRegiment[] = [
  {
    name: '20th Maine Volunteer Infantry [20ME]',
    description:
      "Line infantry in the spirit of Chamberlain's men. Disciplined volleys, steady flanks, no lone wolves. Drill Wednesdays, linebattles Saturdays 8pm EST. Ages 16+, NA and EU welcome.",
    sideId: 1,
    officerCount: 16,
    commandRanks: ['Gen.', 'Col.'],
  },
  {
    name: 'Iron Brigade – 2nd Wisconsin [2WI]',
    description:
      'Black hats, hard fighting. A competitive infantry regiment running two companies and a skirmish section. We train NCOs from within and expect voice comms at events.',
    sideId: 1,
    officerCount: 14,
    commandRanks: ['Brig. Gen.', 'Col.'],
  },
  {
    name: '69th New York Infantry – Irish Brigade [69NY]',
    description:
      'Faugh a Ballagh! Relaxed but organised Union regiment. Casual nights on Fridays, full events on Sundays. Bagpipes optional, good cheer required.',
    sideId: 1,
    officerCount: 11,
  },
  {
    name: '1st Minnesota Volunteer Infantry [1MN]',
    description:
      'Small, tight-knit unit known for holding the line when it matters. We value communication over numbers and keep an open door for new players.',
    sideId: 1,
    officerCount: 9,
  },
  {
    name: '83rd Pennsylvania Volunteers [83PA]',
    description:
      'Historical-minded infantry regiment. Period drill, proper ranks, realistic engagements. Newcomers get a recruit drill before their first event.',
    sideId: 1,
    officerCount: 8,
  },
  {
    name: "5th New York Zouaves – Duryée's [5NY]",
    description:
      'Red trousers, fast feet. Aggressive assault infantry that loves a bayonet charge. Events Thursday and Saturday, EU friendly times.',
    sideId: 1,
    officerCount: 7,
  },
  {
    name: "1st U.S. Sharpshooters – Berdan's [1USSS]",
    description:
      'Green coats and Sharps rifles. Skirmish and marksman specialists who screen the brigade and pick off officers. Patience and good aim required.',
    sideId: 1,
    officerCount: 5,
  },
  {
    name: '15th Massachusetts Infantry [15MA]',
    description:
      'Rebuilt in 2024 after a long break. Friendly, growing, and looking for NCOs. Mostly casual public server nights with occasional linebattles.',
    sideId: 1,
    officerCount: 4,
  },
  {
    name: '2nd U.S. Artillery, Battery B [2USA]',
    description:
      "Federal artillery crew. Limbers, canister and counter-battery fire. If you like math and loud noises, you'll feel at home.",
    sideId: 1,
    officerCount: 1,
  },
  {
    name: '7th Michigan Infantry [7MI]',
    description: null,
    sideId: 1,
    officerCount: 3,
  },
  {
    name: '5th Virginia Infantry – Stonewall Brigade [5VA]',
    description:
      'One of the oldest Confederate regiments in the community. Three companies, a dedicated skirmish platoon and strict line discipline. Drill Tuesday, events Saturday and Sunday.',
    sideId: 2,
    officerCount: 17,
    commandRanks: ['Maj. Gen.', 'Brig. Gen.', 'Col.'],
  },
  {
    name: "1st Texas Infantry – Hood's Brigade [1TX]",
    description:
      "Hood's Texans. Hard-hitting assault infantry with a reputation at the Cornfield. We run competitive linebattles and expect attendance at two events a month.",
    sideId: 2,
    officerCount: 13,
    commandRanks: ['Brig. Gen.', 'Col.'],
  },
  {
    name: '4th Alabama Infantry [4AL]',
    description:
      'Laid-back Confederate regiment with a serious streak on event nights. Good place to learn line tactics. Mostly NA evenings.',
    sideId: 2,
    officerCount: 10,
  },
  {
    name: '18th Mississippi Infantry [18MS]',
    description:
      "Barksdale's boys. Skirmish-heavy regiment that loves flanking through the woods. Mature community, chill comms, strong leadership pipeline.",
    sideId: 2,
    officerCount: 9,
  },
  {
    name: '2nd South Carolina Volunteers [2SC]',
    description:
      'Kershaw’s brigade veterans. Infantry and a small artillery detachment. Events Saturdays; casual play any night somebody calls it in Discord.',
    sideId: 2,
    officerCount: 7,
  },
  {
    name: 'Louisiana Tigers – 6th Louisiana [6LA]',
    description:
      'Loud, scrappy and always first over the fence. An EU-timezone Confederate regiment that plays hard and laughs harder.',
    sideId: 2,
    officerCount: 6,
  },
  {
    name: '21st Georgia Infantry [21GA]',
    description:
      'Mid-sized regiment with a focus on teaching. Every new recruit gets a mentor NCO. Events Friday nights.',
    sideId: 2,
    officerCount: 5,
  },
  {
    name: '26th North Carolina Infantry [26NC]',
    description:
      'Recently re-formed under new command. Looking for experienced players willing to take a sergeant’s stripes.',
    sideId: 2,
    officerCount: 4,
  },
  {
    name: 'Washington Artillery of New Orleans [WANO]',
    description:
      'Confederate artillery battalion. Newly listed; officers are still being registered.',
    sideId: 2,
    officerCount: 0,
  },
  {
    name: '3rd Arkansas Infantry [3AR]',
    description: null,
    sideId: 2,
    officerCount: 3,
  },
];

/** Ranks below a regiment's commanding officers, in the order a roster would list them. */
export const ROSTER_RANKS: readonly string[] = [
  'Col.',
  'Lt. Col.',
  'Maj.',
  'Capt.',
  'Capt.',
  '1st Lt.',
  'Capt.',
  '2nd Lt.',
  '1st Lt.',
  'Sgt. Maj.',
  '1st Sgt.',
  '2nd Lt.',
  'Capt.',
  'Sgt.',
  '1st Lt.',
  'Sgt.',
  '2nd Lt.',
  'Sgt.',
];

export const FIRST_NAMES: readonly string[] = [
  'Abner', 'Albert', 'Alexander', 'Amos', 'Andrew', 'Asa', 'Augustus', 'Benjamin', 'Caleb', 'Calvin',
  'Charles', 'Cyrus', 'Daniel', 'David', 'Edmund', 'Edward', 'Elias', 'Eli', 'Elijah', 'Ephraim',
  'Ezra', 'Francis', 'Franklin', 'George', 'Gideon', 'Harrison', 'Henry', 'Hiram', 'Horace', 'Isaac',
  'Isaiah', 'Jacob', 'James', 'Jasper', 'Jeremiah', 'Jesse', 'Joel', 'John', 'Jonah', 'Joseph',
  'Josiah', 'Lemuel', 'Levi', 'Lewis', 'Lucius', 'Marcus', 'Martin', 'Moses', 'Nathan', 'Nathaniel',
  'Oliver', 'Patrick', 'Peter', 'Reuben', 'Robert', 'Rufus', 'Samuel', 'Silas', 'Solomon', 'Thaddeus',
  'Thomas', 'Ulysses', 'Walter', 'Wesley', 'William', 'Zachariah',
];

export const LAST_NAMES: readonly string[] = [
  'Abbott', 'Ames', 'Barlow', 'Beaumont', 'Blackwood', 'Bradford', 'Brannigan', 'Buckner', 'Calloway',
  'Carver', 'Chandler', 'Clayborne', 'Colquitt', 'Crawford', 'Dabney', 'Dawson', 'Delaney', 'Doubleday',
  'Dunham', 'Ellsworth', 'Everett', 'Fairfax', 'Fenwick', 'Fitzgerald', 'Garland', 'Garnett', 'Gibbon',
  'Gordon', 'Granger', 'Hadley', 'Hampton', 'Harlan', 'Hartley', 'Hawkins', 'Haywood', 'Hollister',
  'Hooker', 'Huger', 'Iverson', 'Jameson', 'Kearny', 'Kemper', 'Kershaw', 'Langley', 'Lawton',
  'Longstreet', 'Lowell', 'Mahone', 'Mansfield', 'Marsh', 'McAllister', 'McCready', 'Meagher',
  'Merriweather', 'Montgomery', 'Morrow', 'Nash', 'Nolan', "O'Brien", "O'Rourke", 'Pardee', 'Pemberton',
  'Pettigrew', 'Pickens', 'Prescott', 'Quincy', 'Ransom', 'Redfield', 'Rhodes', 'Ripley', 'Rodman',
  'Rowley', 'Sedgwick', 'Semmes', 'Shelby', 'Slocum', 'Stannard', 'Sumner', 'Sykes', 'Talbot',
  'Thornton', 'Toombs', 'Trimble', 'Tucker', 'Underwood', 'Vance', 'Wainwright', 'Walker', 'Warren',
  'Wetherby', 'Whitcomb', 'Whitfield', 'Wilcox', 'Winslow', 'Wofford', 'Wright', 'Yates', 'Young',
];

export const NICKNAMES: readonly string[] = [
  'Ramrod', 'Bulldog', 'Old Iron', 'Sharps', 'Sparky', 'Doc', 'Canister', 'Tiger', 'Parson', 'Swamp Fox',
  'Red', 'Dutch', 'Bugle', 'Lucky', 'Stump', 'Preacher', 'Muddy', 'Hardtack',
];

export const USERNAME_HEADS: readonly string[] = [
  'Blue', 'Gray', 'Rebel', 'Yankee', 'Iron', 'Old', 'Stonewall', 'Bugle', 'Powder', 'Musket', 'Sharps',
  'Canister', 'Picket', 'Skirmish', 'Dixie', 'Union', 'Cornfield', 'Bayonet', 'Minie', 'Drummer', 'Color',
  'Ramrod', 'Volley', 'Cannon', 'Limber', 'Haversack', 'Hardtack', 'Kepi', 'Zouave', 'Sutler', 'Smoothbore',
];

export const USERNAME_TAILS: readonly string[] = [
  'Boy', 'Jack', 'Bill', 'Joe', 'Sarge', 'Runner', 'Bearer', 'Hawk', 'Fox', 'Wolf', 'Ghost', 'Rider',
  'Dog', 'Smoke', 'Thunder', 'Hank', 'Belly', 'Yell', 'Sniper', 'Major', 'Kid', 'Crow',
];

/** Reserved domains (RFC 2606), so no demo address can reach a real mailbox. */
export const EMAIL_DOMAINS: readonly string[] = ['example.com', 'example.org', 'example.net'];

/** Places on the War of Rights maps, for review anecdotes. */
export const MAP_PLACES: readonly string[] = [
  "Miller's Cornfield",
  'the West Woods',
  'the Dunker Church',
  'the Bloody Lane',
  "Burnside's Bridge",
  'Harpers Ferry',
  'Bolivar Heights',
  "Fox's Gap",
  "Turner's Gap",
  "Crampton's Gap",
  'the East Woods',
  "Piper's Orchard",
  'drill camp',
];
