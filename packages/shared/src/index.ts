export * from './constants';
export * from './errors';
export * from './money';
export * from './schemas/common';
export * from './schemas/health';
export * from './schemas/categories';
export * from './schemas/users';
