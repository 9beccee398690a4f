import type { Migration } from '../migration';

/**
 * The slice each import took (issue 32): `billing_imports.filter_json`, an ImportFilter as JSON, NULL for the whole
 * file. A source's sync tells a file already imported with its own slice from one imported with another (by hand, the
 * whole file): only the first is "already imported". Imports a sliced source made before are given its slice; every
 * other import took the whole file (the only way to import before a filter could be given to a source, or by hand
 * with `--account` …, which the history did not keep: those read as whole-file imports).
 */
export const migration: Migration = {
  version: 22,
  name: 'import-filters',
  up(db) {
    db.exec(`
      ALTER TABLE billing_imports ADD COLUMN filter_json TEXT;
      UPDATE billing_imports SET filter_json = (
        SELECT s.filter_json FROM billing_source_files f JOIN billing_sources s ON s.id = f.source_id
        WHERE f.import_id = billing_imports.id AND f.status = 'imported' AND s.filter_json IS NOT NULL LIMIT 1
      );
    `);
  },
};
