import type { Migration } from '../migration';

/**
 * Reserved: number 22 belongs to a migration on another branch (merged separately). This no-op keeps the versions
 * contiguous on this branch; at the merge it is replaced by that migration (same version), so a database gets that
 * migration's change either way.
 */
export const migration: Migration = {
  version: 22,
  name: 'reserved',
  up() {
    // nothing: see above
  },
};
