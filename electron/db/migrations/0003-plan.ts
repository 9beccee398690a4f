import type { Migration } from '../migration';

// Owned by the plan domain: its tables (STRICT, foreign keys) go here.
export const migration: Migration = {
  version: 3,
  name: 'plan',
  up() {},
};
