/** Budget domain: allocation rules, currency conversion, GPU lines, overview (budget, actual, forecast, alerts). */
export * from './types';
export * from './glob';
export * from './money';
export * from './allocation';
export * from './currency';
export * from './gpu';
export * from './overview';
