import type { Migration } from '../migration';

/**
 * Reserved: number 20 belongs to a migration on another branch (issue 26/32 work merged separately). This no-op keeps
 * the versions contiguous on this branch; at the merge it is replaced by that migration (same version), so a database
 * gets that migration's change either way.
 */
export const migration: Migration = {
  version: 20,
  name: 'reserved',
  up() {
    // nothing: see above
  },
};
