import type { Migration } from '../migration';

/**
 * Placeholder for migration 0015, which another branch of issue 25 adds. Migrations must be numbered 1, 2, 3 … with no
 * gap, and this branch's migration is 0016: at the merge this file is replaced by the real 0015 (it changes nothing).
 */
export const migration: Migration = {
  version: 15,
  name: 'reserved-for-merge',
  up() {},
};
