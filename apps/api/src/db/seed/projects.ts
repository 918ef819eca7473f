import sharp from 'sharp';
import type { SuspensionReason } from '@fundry/shared';
import type { ProjectStatusValue } from '../schema';

export type DemoPledgeState =
  'PLEDGED' | 'SUCCEEDED' | 'PAYMENT_FAILED' | 'DROPPED' | 'CANCELED' | 'RELEASED' | 'REFUNDED' | 'EXPIRED';

/** A collected reward on its way (with the parcel's tracking link, if any) or received (DESIGN.md §17). */
export type DemoFulfilment = { status: 'sent'; trackingUrl?: string } | { status: 'received' };

export interface DemoProject {
  title: string;
  category: string;
  creator: string;
  status: ProjectStatusValue;
  featured?: boolean;
  fundingModel?: 'all_or_nothing' | 'flexible';
  /** ISO 4217 (US dollars when not given): the goal, reward minimums and pledges are in its major units. */
  currency?: 'USD' | 'EUR' | 'JPY';
  goal: number;
  /** Days from today: negative is in the past. */
  start: number;
  end: number;
  description: string;
  risks: string;
  palette: [string, string, string];
  video?: string;
  revocationReason?: string;
  /** A campaign ended early (DESIGN.md §18): its creator's message, or the reason an admin suspended it for. */
  ended?: { message: string } | { reason: SuspensionReason; message: string };
  /** Reward tiers: title, minimum, quantity (null = unlimited), days to delivery, shipping, late price (§16). */
  rewards?: [string, number, number | null, number, 'none' | 'domestic' | 'international', number?][];
  /** Add-ons: title, price, quantity (null = unlimited), the rewards' titles it comes with (none: any), ships. */
  addOns?: [string, number, number | null, string[], boolean][];
  /**
   * Pledges: backer username, amount, the reward's title (or null), the pledge's state and where its reward is.
   * Without a state, an all-or-nothing pledge to a running campaign is PLEDGED (card saved) and any other is
   * SUCCEEDED (charged).
   */
  backing?: [string, number, string | null, DemoPledgeState?, DemoFulfilment?][];
  /** Stretch goals: title, amount above the goal, what it unlocks; those the pledges cover are reached. */
  stretchGoals?: [string, number, string][];
  /**
   * Late pledges (DESIGN.md §16), open after the campaign: until this many days from today (null: until closed),
   * and the late pledges already made (backer, amount, reward's title or null), charged.
   */
  latePledges?: { until: number | null; backing: [string, number, string | null][] };
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: 'SunCell: a solar lantern for every home',
    rewards: [
      ['Thank-you postcard', 10, null, 30, 'domestic'],
      ['Early bird SunCell', 59, 50, 120, 'international'],
      ['Two SunCells', 110, 100, 120, 'international'],
    ],
    backing: [
      ['sofia', 110, 'Two SunCells'],
      ['leo', 25, 'Thank-you postcard'],
      ['admin', 59, 'Early bird SunCell', 'CANCELED'],
    ],
    category: 'Technology',
    creator: 'maya',
    status: 'ACTIVE',
    featured: true,
    goal: 25_000,
    start: -12,
    end: 33,
    palette: ['#f59f00', '#e8590c', '#fff3bf'],
    video: 'https://www.youtube.com/watch?v=ZXsQAXx_ao0',
    description:
      '<h2>Light where the grid does not reach</h2><p>SunCell charges in six hours of sunlight and lights a room for a whole night. It is built from repairable parts, with a battery you can swap in a minute.</p><ul><li>400 lumens, three brightness levels</li><li>USB port to charge a phone</li><li>Five-year warranty</li></ul>',
    risks:
      '<p>Our battery supplier has confirmed capacity, but a delay in certification could move shipping by four weeks. We will publish an update every two weeks.</p>',
  },
  {
    title: 'Pixel Harbour: a cosy fishing adventure',
    rewards: [
      ['Digital copy of the game', 15, null, 200, 'none'],
      ['Collector’s edition', 60, 200, 240, 'international'],
    ],
    addOns: [
      ['Original soundtrack (download)', 8, null, [], false],
      ['Enamel pin: the harbour cat', 6, 300, [], true],
      ['Hardcover art book', 25, 100, ['Collector’s edition'], true],
    ],
    backing: [
      ['maya', 15, null],
      ['sofia', 60, null],
    ],
    category: 'Games',
    creator: 'leo',
    status: 'ACTIVE',
    featured: true,
    goal: 18_000,
    start: -20,
    end: 10,
    palette: ['#1c7ed6', '#15aabf', '#d0ebff'],
    description:
      '<p>Restore a forgotten harbour town, befriend its people and catch 120 kinds of fish in a hand-drawn pixel world.</p><p>The demo is complete; funding pays for the second half of the story and for the Switch port.</p>',
    risks:
      '<p>Console certification takes time we do not fully control. The PC release does not depend on it.</p>',
  },
  {
    title: 'Voices of the Delta: a documentary',
    rewards: [['Stream the film', 12, null, 300, 'none']],
    backing: [
      ['leo', 40, 'Stream the film'],
      ['maya', 50, null, 'EXPIRED'],
    ],
    category: 'Film & Video',
    creator: 'sofia',
    status: 'ACTIVE',
    goal: 40_000,
    start: -5,
    end: 55,
    palette: ['#2b8a3e', '#5c940d', '#d8f5a2'],
    description:
      '<p>A feature documentary about the fishing families of a river delta that is slowly disappearing, told in their own words over one year.</p>',
    risks: '<p>Filming depends on river conditions; we have planned two spare weeks in the schedule.</p>',
  },
  {
    title: 'The Neighbourhood Cookbook',
    backing: [
      ['sofia', 30, null],
      ['leo', 20, null, 'REFUNDED'],
    ],
    category: 'Food',
    creator: 'maya',
    status: 'ACTIVE',
    fundingModel: 'flexible',
    goal: 6_000,
    start: -2,
    end: 40,
    palette: ['#e64980', '#f06595', '#ffdeeb'],
    description:
      '<p>Eighty recipes from the kitchens of one street, with the stories of the people who cook them. Every copy sold funds the community kitchen.</p>',
    risks:
      '<p>Printing prices may rise; this is a flexible campaign, so we will print as many copies as the funds allow.</p>',
  },
  {
    title: 'Loop: a modular synthesizer for beginners',
    category: 'Music',
    creator: 'leo',
    status: 'ACTIVE',
    goal: 30_000,
    start: 3,
    end: 48,
    palette: ['#7048e8', '#9c36b5', '#e5dbff'],
    description: '<p>Six snap-together modules that teach sound synthesis by ear, no soldering needed.</p>',
    risks: '<p>The enclosure mould is the largest cost; we have quotes from two factories.</p>',
  },
  {
    title: 'Open Atlas: maps for every school',
    rewards: [['A printed map for your school', 35, 80, 6, 'domestic']],
    backing: [
      ['maya', 3000, null],
      ['leo', 1800, 'A printed map for your school'],
      ['rafael', 5000, null],
      ['lena', 3500, 'A printed map for your school'],
    ],
    // Past its goal (13,300 of 12,000): the first stretch goal is reached, the others are ahead on the bar.
    stretchGoals: [
      ['Maps in Braille', 13_000, 'Tactile editions of every map for schools for the blind.'],
      ['Four more languages', 18_000, 'Translation review for the last four of the twelve languages.'],
      ['An atlas for tablets', 25_000, 'The maps as an offline app for classroom tablets.'],
    ],
    category: 'Education',
    creator: 'sofia',
    status: 'ACTIVE',
    goal: 12_000,
    start: -30,
    end: 5,
    palette: ['#0ca678', '#12b886', '#c3fae8'],
    description:
      '<p>Free, printable, up-to-date wall maps in twelve languages for schools that cannot afford them.</p>',
    risks:
      '<p>Translation review takes volunteers’ time; we have partners for eight of the twelve languages.</p>',
  },
  {
    title: 'Quiet Streets: a photo book',
    rewards: [['Signed copy of the book', 45, 300, 14, 'international']],
    backing: [
      ['maya', 5000, null, 'SUCCEEDED'],
      ['leo', 3500, null, 'PAYMENT_FAILED'],
      ['admin', 20, null, 'DROPPED'],
      // The books are leaving the studio: one arrived, one is on its way with a tracking link, one still waits.
      ['rafael', 60, 'Signed copy of the book', 'SUCCEEDED', { status: 'received' }],
      [
        'lena',
        45,
        'Signed copy of the book',
        'SUCCEEDED',
        { status: 'sent', trackingUrl: 'https://tracking.example.com/parcels/RR123456789SE' },
      ],
      ['yuki', 45, 'Signed copy of the book', 'SUCCEEDED'],
    ],
    category: 'Art',
    creator: 'sofia',
    status: 'SUCCESSFUL',
    goal: 8_000,
    start: -70,
    end: -10,
    palette: ['#495057', '#868e96', '#e9ecef'],
    description: '<p>One hundred photographs of cities at dawn, before the traffic starts.</p>',
    risks: '<p>Printing is done; shipping is the only remaining step.</p>',
  },
  {
    title: 'Hover Board Kit',
    backing: [['maya', 120, null, 'RELEASED']],
    category: 'Design',
    creator: 'leo',
    status: 'FAILED',
    goal: 90_000,
    start: -80,
    end: -20,
    palette: ['#c92a2a', '#f03e3e', '#ffe3e3'],
    description: '<p>A do-it-yourself electric board kit with a bamboo deck.</p>',
    risks: '<p>Motor supply was the main risk.</p>',
  },
  {
    title: 'Kintsugi Lamp: light mended with gold',
    currency: 'JPY',
    rewards: [
      ['Thank-you card from Kyoto', 1_500, null, 30, 'domestic'],
      ['Kintsugi lamp', 18_000, 120, 150, 'international'],
    ],
    backing: [
      ['lena', 18_000, 'Kintsugi lamp'],
      ['rafael', 5_000, null],
      ['rafael', 1_500, 'Thank-you card from Kyoto', 'CANCELED'],
      ['lena', 3_000, null, 'EXPIRED'],
    ],
    category: 'Design',
    creator: 'yuki',
    status: 'ACTIVE',
    goal: 3_000_000,
    start: -8,
    end: 28,
    palette: ['#b08d2f', '#343a40', '#fff9db'],
    description:
      '<p>Table lamps made from broken tea bowls, mended in the kintsugi way with lacquer and powdered gold by a workshop in Kyoto. Each lamp is one of a kind.</p>',
    risks: '<p>Urushi lacquer cures slowly in winter; we have planned for the longest curing times.</p>',
  },
  {
    title: 'Night Bakery: bread at midnight for night-shift workers',
    currency: 'EUR',
    fundingModel: 'flexible',
    rewards: [['Bread for a month', 40, 60, 20, 'domestic']],
    backing: [
      ['yuki', 40, 'Bread for a month'],
      ['rafael', 25, null],
      ['yuki', 15, null, 'REFUNDED'],
    ],
    category: 'Food',
    creator: 'lena',
    status: 'ACTIVE',
    goal: 12_000,
    start: -15,
    end: 20,
    palette: ['#a0522d', '#e8590c', '#fff4e6'],
    description:
      '<p>A bakery in Berlin that opens at midnight, for nurses, drivers and cleaners coming off their shifts. Funding buys a second oven.</p>',
    risks: '<p>The oven has a twelve-week delivery time; we bake with the one we have until then.</p>',
  },
  {
    title: 'Sakura Strings: a koto album',
    currency: 'JPY',
    // Funded: its late pledges are open, the signed CD dearer than during the campaign.
    rewards: [['Signed CD', 3_000, 200, 45, 'none', 3_500]],
    latePledges: {
      until: 30,
      backing: [
        ['maya', 3_500, 'Signed CD'],
        ['leo', 5_000, null],
        ['sofia', 12_000, 'Signed CD'],
      ],
    },
    backing: [
      ['lena', 650_000, null, 'SUCCEEDED'],
      ['rafael', 600_000, null, 'SUCCEEDED'],
      ['yuki', 20_000, null, 'DROPPED'],
      ['lena', 30_000, null, 'PAYMENT_FAILED'],
    ],
    category: 'Music',
    creator: 'yuki',
    status: 'SUCCESSFUL',
    goal: 1_200_000,
    // Ended long enough ago for its plans of instalments (seed/instalments.ts) to have run a month and more.
    start: -100,
    end: -48,
    palette: ['#e64980', '#f783ac', '#fff0f6'],
    description: '<p>Twelve pieces for koto and voice, recorded in a wooden temple hall.</p>',
    risks: '<p>The recording is done; mastering and pressing are all that remain.</p>',
  },
  {
    title: 'Brass Fountain Pen',
    currency: 'EUR',
    backing: [['yuki', 90, null, 'RELEASED']],
    category: 'Design',
    creator: 'lena',
    status: 'FAILED',
    goal: 20_000,
    start: -75,
    end: -15,
    palette: ['#c99a2e', '#868e96', '#f8f9fa'],
    description: '<p>A machined brass fountain pen that takes standard ink cartridges.</p>',
    risks: '<p>Tooling costs were the main risk.</p>',
  },
  {
    title: 'Paper Kites: a festival for every village',
    // Cancelled by its creator: the all-or-nothing pledges were released, nothing charged.
    ended: {
      message:
        'The festival lost its field to a flood this autumn. We will come back with a new date and tell you first.',
    },
    rewards: [['Kite workshop ticket', 25, 200, 60, 'none']],
    backing: [
      ['rafael', 25, 'Kite workshop ticket', 'RELEASED'],
      ['lena', 60, null, 'RELEASED'],
    ],
    category: 'Community',
    creator: 'sofia',
    status: 'CANCELED',
    goal: 8_000,
    start: -12,
    end: 18,
    palette: ['#1c7ed6', '#ffd43b', '#e7f5ff'],
    description:
      '<p>A kite festival touring five villages, with workshops for children and their grandparents.</p>',
    risks: '<p>Weather decides the day; each village has a rain date.</p>',
  },
  {
    title: 'Instant Fluency Headphones',
    // Suspended by an admin after the reports: its collected pledges were refunded.
    ended: {
      reason: 'fraud',
      message: 'The creator could not show a working prototype or the claimed study.',
    },
    fundingModel: 'flexible',
    currency: 'EUR',
    backing: [
      ['maya', 80, null, 'REFUNDED'],
      ['leo', 45, null, 'REFUNDED'],
    ],
    category: 'Technology',
    creator: 'rafael',
    status: 'SUSPENDED',
    goal: 30_000,
    start: -20,
    end: 25,
    palette: ['#5f3dc4', '#845ef7', '#f3f0ff'],
    description: '<p>Headphones that promise any language in a week while you sleep.</p>',
    risks: '<p>None, the campaign said.</p>',
  },
  {
    title: 'Community Repair Café',
    category: 'Community',
    creator: 'maya',
    status: 'PENDING',
    goal: 4_500,
    start: 7,
    end: 50,
    palette: ['#f76707', '#fd7e14', '#ffe8cc'],
    description:
      '<p>A monthly café where volunteers fix what neighbours bring, from toasters to trousers.</p>',
    risks: '<p>We need a venue with enough power outlets; two are interested.</p>',
  },
  {
    title: 'Tiny Forest in the Schoolyard',
    category: 'Health',
    creator: 'sofia',
    status: 'PENDING',
    goal: 7_500,
    start: 10,
    end: 70,
    palette: ['#2f9e44', '#40c057', '#d3f9d8'],
    description: '<p>Planting six hundred native trees in a space the size of a tennis court.</p>',
    risks: '<p>Planting must happen in autumn; a late start would move it a year.</p>',
  },
  {
    title: 'Notebook of Small Poems',
    category: 'Publishing',
    creator: 'leo',
    status: 'DRAFT',
    goal: 3_000,
    start: 14,
    end: 44,
    palette: ['#364fc7', '#4c6ef5', '#dbe4ff'],
    description: '<p>Draft: a pocket book of short poems, illustrated.</p>',
    risks: '<p>To be written.</p>',
  },
  {
    title: 'Miracle Diet Capsules',
    category: 'Health',
    creator: 'leo',
    status: 'REJECTED',
    goal: 50_000,
    start: 5,
    end: 35,
    palette: ['#862e9c', '#ae3ec9', '#f3d9fa'],
    description: '<p>Capsules that promise results no study supports.</p>',
    risks: '<p>None known.</p>',
    revocationReason: 'Health claims without evidence are not allowed on Fundry.',
  },
];

/** Abstract cover art drawn from a palette: no fonts, no downloads, the same picture every time. */
export async function drawCover(
  [main, accent, light]: [string, string, string],
  seed: number,
): Promise<Buffer> {
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200;
    const y = (seed * 53 + i * 137) % 675;
    const r = 60 + ((seed + i * 31) % 160);
    const fill = i % 2 === 0 ? light : accent;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" fill-opacity="${0.18 + (i % 3) * 0.12}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${main}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
    <rect width="1200" height="675" fill="url(#g)"/>${circles}
    <path d="M0 560 Q 300 ${470 + (seed % 60)} 600 540 T 1200 520 V 675 H 0 Z" fill="${light}" fill-opacity="0.35"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
