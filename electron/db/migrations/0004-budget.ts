import type { Migration } from '../migration';

// Owned by the budget domain: its tables (STRICT, foreign keys) go here.
export const migration: Migration = {
  version: 4,
  name: 'budget',
  up() {},
};
