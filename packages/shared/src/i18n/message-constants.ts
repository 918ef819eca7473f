import {
  ADD_ON_QUANTITY_MAX,
  COMMENT_MAX,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  MAX_PLEDGE_DOLLARS,
  MIN_PLEDGE_DOLLARS,
  PLEDGE_CURRENCY,
  REASON_MAX,
  REWARD_DESCRIPTION_MAX,
  REWARD_TITLE_MAX,
  SEARCH_MAX_LENGTH,
  TRACKING_URL_MAX,
  MAX_CAMPAIGN_DAYS,
  UPDATE_TITLE_MAX,
} from '../constants';

/**
 * The limits that messages quote, given to every message by their constant's name ("at most {COMMENT_MAX}
 * characters"): a message that states a rule, such as a schema's, needs no arguments from where it is shown.
 */
export const MESSAGE_CONSTANTS = {
  ADD_ON_QUANTITY_MAX,
  COMMENT_MAX,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  MAX_CAMPAIGN_DAYS,
  MAX_PLEDGE_DOLLARS,
  MIN_PLEDGE_DOLLARS,
  PLEDGE_CURRENCY,
  REASON_MAX,
  REWARD_DESCRIPTION_MAX,
  REWARD_TITLE_MAX,
  SEARCH_MAX_LENGTH,
  TRACKING_URL_MAX,
  UPDATE_TITLE_MAX,
} as const;
