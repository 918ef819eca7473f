export const ADD_ON_MESSAGES = {
  priceRequired: 'msg.addOn.priceRequired',
  priceTooLow: 'msg.addOn.priceTooLow',
  priceTooHigh: 'msg.addOn.priceTooHigh',
  decimals: 'msg.addOn.decimals',
  unknownReward: 'msg.addOn.unknownReward',
  hasBackers: 'msg.addOn.hasBackers',
  belowClaimed: 'msg.addOn.belowClaimed',
  quantity: 'msg.addOn.quantity',
  twice: 'msg.addOn.twice',
  soldOut: 'msg.addOn.soldOut',
  notWithReward: 'msg.addOn.notWithReward',
  belowTotal: 'msg.addOn.belowTotal',
} as const;
