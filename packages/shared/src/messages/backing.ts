export const REWARD_MESSAGES = {
  titleRequired: 'msg.reward.titleRequired',
  titleLength: 'msg.reward.titleLength',
  descriptionRequired: 'msg.reward.descriptionRequired',
  descriptionLength: 'msg.reward.descriptionLength',
  minimumRequired: 'msg.reward.minimumRequired',
  minimumTooLow: 'msg.reward.minimumTooLow',
  minimumTooHigh: 'msg.reward.minimumTooHigh',
  decimals: 'msg.reward.decimals',
  quantityMin: 'msg.reward.quantityMin',
  deliveryRequired: 'msg.reward.deliveryRequired',
  deliveryPast: 'msg.reward.deliveryPast',
  soldOut: 'msg.reward.soldOut',
  hasBackers: 'msg.reward.hasBackers',
  belowClaimed: 'msg.reward.belowClaimed',
  shippingRulesRequired: 'msg.reward.shippingRulesRequired',
  domesticOneCountry: 'msg.reward.domesticOneCountry',
  shippingRuleTwice: 'msg.reward.shippingRuleTwice',
  shippingCostRequired: 'msg.reward.shippingCostRequired',
  shippingCostNegative: 'msg.reward.shippingCostNegative',
  country: 'msg.reward.country',
  currency: 'msg.reward.currency',
} as const;

export const PLEDGE_MESSAGES = {
  amountRequired: 'msg.pledge.amountRequired',
  amountMin: 'msg.pledge.amountMin',
  amountMax: 'msg.pledge.amountMax',
  decimals: 'msg.pledge.decimals',
  belowReward: 'msg.pledge.belowReward',
  currency: 'msg.pledge.currency',
  notActive: 'msg.pledge.notActive',
  notRunning: 'msg.pledge.notRunning',
  ownProject: 'msg.pledge.ownProject',
  unavailable: 'msg.pledge.unavailable',
  alreadyBacked: 'msg.pledge.alreadyBacked',
  belowRewardWithShipping: 'msg.pledge.belowRewardWithShipping',
  addressRequired: 'msg.pledge.addressRequired',
  notShippedThere: 'msg.pledge.notShippedThere',
  campaignEnded: 'msg.pledge.campaignEnded',
  onHold: 'msg.pledge.onHold',
  flexibleFinal: 'msg.pledge.flexibleFinal',
  notChangeable: 'msg.pledge.notChangeable',
  lastDay: 'msg.pledge.lastDay',
  noPaymentNeeded: 'msg.pledge.noPaymentNeeded',
} as const;

/** Why a pledge may not be paid over time (DESIGN.md §20). */
export const INSTALMENT_MESSAGES = {
  notOffered: 'msg.instalments.notOffered',
  belowMinimum: 'msg.instalments.belowMinimum',
  flexible: 'msg.instalments.flexible',
  late: 'msg.instalments.late',
  afterEnd: 'msg.instalments.afterEnd',
  settingLaunched: 'msg.instalments.settingLaunched',
  settingFlexible: 'msg.instalments.settingFlexible',
} as const;

/** The code stored for a declined charge whose provider gave none we know: "Your card was declined." */
export const GENERIC_DECLINE_CODE = 'card_declined';

const GENERIC_DECLINE_MESSAGE = 'backing.decline.cardDeclined';

/**
 * What a backer reads for each code a declined charge stores (`payment_error_code`: Stripe's `decline_code`, else
 * its error `code`). Lost, stolen and fraud codes read as the generic decline on purpose: Stripe asks that a
 * customer is not told a card was flagged, since that helps whoever holds a stolen card.
 */
const DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  [GENERIC_DECLINE_CODE]: GENERIC_DECLINE_MESSAGE,
  insufficient_funds: 'backing.decline.insufficientFunds',
  expired_card: 'backing.decline.expiredCard',
  incorrect_cvc: 'backing.decline.incorrectCvc',
  incorrect_number: 'backing.decline.incorrectNumber',
  processing_error: 'backing.decline.processingError',
  authentication_required: 'backing.decline.authenticationRequired',
  card_velocity_exceeded: 'backing.decline.limitExceeded',
  withdrawal_count_limit_exceeded: 'backing.decline.limitExceeded',
  card_not_supported: 'backing.decline.cardNotSupported',
  currency_not_supported: 'backing.decline.currencyNotSupported',
  do_not_honor: 'backing.decline.contactBank',
  lost_card: GENERIC_DECLINE_MESSAGE,
  stolen_card: GENERIC_DECLINE_MESSAGE,
  fraudulent: GENERIC_DECLINE_MESSAGE,
  pickup_card: GENERIC_DECLINE_MESSAGE,
  restricted_card: GENERIC_DECLINE_MESSAGE,
};

/** The catalog key of why a charge was declined; any code not listed (or none) reads as the generic decline. */
export const declineMessage = (code: string | null | undefined): string =>
  code && Object.hasOwn(DECLINE_MESSAGES, code) ? DECLINE_MESSAGES[code]! : GENERIC_DECLINE_MESSAGE;
