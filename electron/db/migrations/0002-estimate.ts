import type { Migration } from '../migration';

// Owned by the estimate domain: its tables (STRICT, foreign keys) go here.
export const migration: Migration = {
  version: 2,
  name: 'estimate',
  up() {},
};
