import type { Migration } from '../migration';

/**
 * PLACEHOLDER on branch i12 only: version 6 belongs to another branch. It does nothing, so that 0007 keeps the
 * numbering monotonic here; the integrator drops this file when the real 0006 is merged.
 */
export const migration: Migration = {
  version: 6,
  name: 'reserved',
  up() {},
};
