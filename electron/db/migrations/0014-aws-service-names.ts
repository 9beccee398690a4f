import type { Migration } from '../migration';
import { AWS_PRODUCT_NAMES } from '../../../shared/domain/billing/service-names';

/**
 * AWS Cost and Usage Report lines imported before the service names were unified carry the product code as their
 * service (`AmazonEC2`); lines imported since carry the product name FOCUS exports use (`Amazon Elastic Compute
 * Cloud`), so that one rule catches both (issue 19 item 19). This renames the old lines' codes and rebuilds those
 * imports' daily rollup, and renames a service rule written on a code, so that the spend it caught is still caught.
 * An import whose rollup cannot be rebuilt here (sums beyond 64 bits) keeps its codes rather than stopping the upgrade.
 */
export const migration: Migration = {
  version: 14,
  name: 'aws-service-names',
  up(db) {
    const codes = Object.entries(AWS_PRODUCT_NAMES).filter(([code, name]) => code !== name);
    const imports = db
      .prepare(
        `SELECT DISTINCT l.import_id AS id FROM spend_lines l JOIN billing_imports i ON i.id = l.import_id
         WHERE i.dialect IN ('aws-cur', 'aws-athena') AND i.pending_owner IS NULL AND l.service IN (${codes.map(() => '?').join(', ')})`,
      )
      .all(...codes.map(([code]) => code)) as Array<{ id: number }>;
    const rename = db.prepare('UPDATE spend_lines SET service = ? WHERE import_id = ? AND service = ?');
    const dropRollup = db.prepare('DELETE FROM spend_rollup WHERE import_id = ?');
    const rollup = db.prepare(
      `INSERT INTO spend_rollup (import_id, day, currency, track_id, provider, service, sub_account_id, instance_type, nanos, lines)
         SELECT import_id, substr(charge_period_start, 1, 10), currency, COALESCE(track_id, ''), COALESCE(provider, ''), COALESCE(service, ''),
                COALESCE(sub_account_id, ''), COALESCE(instance_type, ''), SUM(billed_cost_nanos), COUNT(*)
         FROM spend_lines WHERE import_id = ? GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    );
    for (const { id } of imports) {
      try {
        // a savepoint per import: one that fails is rolled back alone
        db.transaction(() => {
          for (const [code, name] of codes) rename.run(name, id, code);
          dropRollup.run(id);
          rollup.run(id);
        })();
      } catch {
        // keeps its product codes; a re-import names them
      }
    }
    const renameRule = db.prepare("UPDATE allocation_rules SET pattern = ? WHERE kind = 'service' AND pattern = ?");
    for (const [code, name] of codes) renameRule.run(name, code);
  },
};
