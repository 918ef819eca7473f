/** Late pledges (DESIGN.md §16): the messages of the creator's control and of the API's checks. */
export const LATE_PLEDGE_MESSAGES = {
  onlyCreator: 'api.latePledges.onlyCreator',
  /** The campaign is still running (or not yet settled). */
  running: 'api.latePledges.running',
  /** An all-or-nothing campaign that did not reach its goal. */
  failed: 'api.latePledges.failed',
  /** A draft, a project in review, a rejected or a taken-down one. */
  notEnded: 'api.latePledges.notEnded',
  opened: 'api.latePledges.opened',
  closed: 'api.latePledges.closed',
  untilPast: 'msg.latePledges.untilPast',
  untilInvalid: 'msg.latePledges.untilInvalid',
  /** A late price that is not below... any positive price: the same limits as the price. */
  priceTooLow: 'msg.latePledges.priceTooLow',
  priceTooHigh: 'msg.latePledges.priceTooHigh',
  decimals: 'msg.latePledges.decimals',
  /** `{minimum, currency}`: a late pledge below the late prices of what it holds. */
  belowLateTotal: 'msg.latePledges.belowLateTotal',
  /** A late pledge cannot be changed or cancelled by its backer. */
  final: 'msg.latePledges.final',
} as const;
