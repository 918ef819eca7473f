/** Business constants of SPEC §9, used by the web client and the API alike. */
import type { OfferableCurrency } from './money/currencies';

/**
 * What every page says while the sandbox payment provider takes the pledges. Here, not beside the site schemas:
 * zod schemas are module-level calls a bundler keeps, and every page shows this banner.
 */
export const TEST_MODE_MESSAGE = 'msg.testMode';

export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES_AFTER_401 = 1;
export const STORAGE_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken' } as const;

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_DROPDOWN_MAX = 5;

export const DISCOVERY_CARD_COUNT = 5;
export const DESCRIPTION_CUT = { discovery: 100, myProjects: 80, lists: 100 } as const;
export const BIO_PREVIEW_LENGTH = 120;

export const MS_PER_DAY = 86_400_000;
export const ENDING_SOON_DAYS = 7;

export const MAX_IMAGE_BYTES = 5_242_880;
export const MAX_VIDEO_BYTES = 104_857_600;
export const MAX_PROFILE_PHOTO_BYTES = 5_242_880;
export const IMAGE_URL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'] as const;

export const REWARD_TITLE_MAX = 100;
export const REWARD_DESCRIPTION_MAX = 500;
/** How many of one add-on a pledge may take, and how many different add-ons (DESIGN.md §16). */
export const ADD_ON_QUANTITY_MAX = 10;
export const ADD_ONS_PER_PLEDGE_MAX = 20;
/** The currency the pledge messages quote when no project's is given (SPEC's dollars). */
export const PLEDGE_CURRENCY = 'USD';

export const PAGE_SIZES = {
  payoutHistory: 10,
  savedProjects: 10,
  backedProjects: 20,
  categoryProjects: 12,
  dashboardLatestProjects: 3,
} as const;
export const MAX_PER_PAGE = 100;
export const PAGINATION_WINDOW = 5;

export const NOTIFICATION_POLL_MS = 60_000;
export const RECENT_ACTIVITY_LIMIT = 5;

export const TIMINGS_MS = {
  toast: 5_000,
  toastShort: 3_000,
  shareCopied: 2_000,
  loginRedirect: 1_000,
  registerRedirect: 2_000,
  resetRequestRedirect: 2_000,
  resetExpiredRedirect: 3_000,
  payoutSuccessClose: 2_000,
  settingsFakeSave: 3_000,
} as const;

export const TWO_FACTOR_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_LINK_EXPIRY_MINUTES = 30;

export const PROGRESS_BUCKETS = ['under25', '25to75', '75to99', 'funded'] as const;
export type ProgressBucket = (typeof PROGRESS_BUCKETS)[number];
export const SORT_OPTIONS = ['newest', 'popular', 'ending', 'funded'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const API_BASE_PATH = '/api/v1';

export const NO_RESPONSE_MESSAGE = 'msg.noResponse';

/**
 * Limits that messages quote (i18n/message-constants.ts): here, with nothing else, so the messages' own modules
 * stay out of what every page loads first.
 */

/**
 * The smallest and largest pledge (and reward minimum) per currency, in major units: one unit of the currency
 * (¥100, as Kickstarter), up to about what SPEC's $1,000,000 is worth, in round figures of each currency.
 */
export const PLEDGE_LIMITS: Readonly<Record<OfferableCurrency, { min: number; max: number }>> = {
  USD: { min: 1, max: 1_000_000 },
  GBP: { min: 1, max: 800_000 },
  EUR: { min: 1, max: 1_000_000 },
  CAD: { min: 1, max: 1_400_000 },
  AUD: { min: 1, max: 1_500_000 },
  NZD: { min: 1, max: 1_700_000 },
  MXN: { min: 1, max: 20_000_000 },
  SEK: { min: 1, max: 10_000_000 },
  DKK: { min: 1, max: 7_000_000 },
  NOK: { min: 1, max: 10_000_000 },
  CHF: { min: 1, max: 900_000 },
  HKD: { min: 1, max: 7_800_000 },
  SGD: { min: 1, max: 1_300_000 },
  JPY: { min: 100, max: 150_000_000 },
  PLN: { min: 1, max: 4_000_000 },
  BRL: { min: 1, max: 5_000_000 },
};
/** The longest a campaign may run, from its launch to its deadline. */
export const MAX_CAMPAIGN_DAYS = 90;

/** The pledge limits of PLEDGE_CURRENCY: what the messages quote when no currency is given. */
export const MIN_PLEDGE_DOLLARS = PLEDGE_LIMITS.USD.min;
export const MAX_PLEDGE_DOLLARS = PLEDGE_LIMITS.USD.max;
/** No currency's minimum is lower: a request schema refuses less before it knows the project's currency. */
export const LOWEST_PLEDGE_MINIMUM = Math.min(...Object.values(PLEDGE_LIMITS).map((limits) => limits.min));
export const UPDATE_TITLE_MAX = 150;
/** Rich text of an update, before sanitising (images may be inline data, as in descriptions). */
export const UPDATE_BODY_MAX = 100_000;
export const COMMENT_MAX = 2000;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 5000;
export const REASON_MAX = 1000;
/** The longest search text, and the longest tracking link a creator may give a sent reward. */
export const SEARCH_MAX_LENGTH = 200;
export const TRACKING_URL_MAX = 500;
