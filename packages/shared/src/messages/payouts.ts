export const PAYOUT_MESSAGES = {
  invalidAmount: 'Please enter a valid amount',
  decimals: 'Amount can have at most 2 decimal places',
  overAvailable: 'The amount is more than is available for payout',
  notConnected: 'Connect a bank account to receive payouts.',
  notEnabled: 'Finish setting up your bank account: the payment provider still needs some details.',
  running: 'The campaign is still running: all-or-nothing funds are released once it succeeds.',
  failed: 'The campaign did not reach its goal, so its backers were refunded.',
  notPaying: 'Payouts open once the campaign is live or has succeeded.',
  nothing: 'There are no funds available to pay out right now.',
  allPaid: 'All funds raised have been paid out.',
  insufficientFunds:
    'The payment provider’s balance is too low for this transfer. In test mode, add funds to the platform’s test balance; otherwise try again once the backers’ payments have settled.',
  transferFailed: 'The transfer to your bank account failed. The amount is available again.',
  requested: 'Payout request submitted successfully',
} as const;
