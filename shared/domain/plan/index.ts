/** Planning domain: types and pure logic (weeks, totals, checks, commands with undo/redo, validation, scenarios). */
export * from './types';
export * from './weeks';
export * from './pricing';
export * from './totals';
export * from './checks';
export * from './pool-checks';
export * from './milestone-coverage';
export * from './offering-checks';
export * from './budget-checks';
export * from './commands';
export * from './validation';
export * from './scenarios';
export * from './schema';
export * from './example';
