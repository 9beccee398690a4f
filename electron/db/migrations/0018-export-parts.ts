import type { Migration } from '../migration';

/**
 * Parts of a split export add up (issue 26 item 2): an import records the delivery it is a part of (`delivery`: the
 * stem of a part's name, a source folder's part folder, or a manifest's assembly) and which part it is
 * (`delivery_part`); a later import of the same account and period replaces every import but the other parts of its
 * own delivery. A source's files record their change stamp (inode and status-change time, issue 26 item 11): a file
 * rewritten to the same size with its modification time set back is still seen as changed. Earlier imports are whole
 * files (NULL), as they were imported.
 */
export const migration: Migration = {
  version: 18,
  name: 'export-parts',
  up(db) {
    db.exec(`
      ALTER TABLE billing_imports ADD COLUMN delivery TEXT;
      ALTER TABLE billing_imports ADD COLUMN delivery_part TEXT;
      ALTER TABLE billing_source_files ADD COLUMN change_stamp TEXT;
    `);
  },
};
