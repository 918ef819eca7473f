export * from './amounts';
export * from './currencies';
export * from './decimals-schema';
export * from './dollars';
export * from './display-currency';
