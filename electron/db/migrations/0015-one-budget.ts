import Big from 'big.js';
import type { Migration } from '../migration';

const DEFAULT_THRESHOLDS = '[50,80,100,120]';

/** A budget amount as the project's currency writes it (3000 → "3,000"), for the notice's words. */
function amountWords(amount: string, currency: string): string {
  const [whole, cents] = new Big(amount).toFixed().split('.');
  return `${currency} ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cents ? `.${cents}` : ''}`;
}

/**
 * One budget per project (issue 25 item 2). Until now a project had two: `projects.budget` (New project / Edit
 * project; the Plan screen, the plan totals and the brief read it) and the `budgets` row with no track and no month
 * (the Budget screen, its thresholds and alerts). From here the `budgets` row is the only store: the plan reads its
 * budget from it (queries/project-budget.ts) and New/Edit project write it. This merges the two:
 * - only `projects.budget` (above 0): it becomes the total row, in the project's currency, with the default thresholds;
 * - only the total row, or both equal: kept as it is;
 * - both, different: the Budget screen's total row is kept (it is the record with thresholds and splits, and the
 *   overview and its alerts already judged the spend against it), and a notice names the project, both values and the
 *   one kept. Notices (table `notices`) show on the Budget screen until dismissed and in `project show --json`.
 * Then `projects.budget` is dropped, so nothing can read or write the old copy again.
 */
export const migration: Migration = {
  version: 15,
  name: 'one-budget',
  up(db) {
    db.exec(`
      CREATE TABLE notices (
        id INTEGER PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        message TEXT NOT NULL,
        details_json TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL,
        dismissed_at TEXT
      ) STRICT;
      CREATE INDEX notices_project ON notices(project_id, dismissed_at);
    `);
    const projects = db.prepare('SELECT id, name, currency, budget FROM projects ORDER BY id').all() as Array<{
      id: string;
      name: string;
      currency: string;
      budget: string;
    }>;
    const totalRow = db.prepare(
      'SELECT id, amount, currency FROM budgets WHERE project_id = ? AND track_id IS NULL AND month IS NULL ORDER BY id LIMIT 1',
    );
    const insertTotal = db.prepare(
      'INSERT INTO budgets (project_id, track_id, month, amount, currency, thresholds_json) VALUES (?, NULL, NULL, ?, ?, ?)',
    );
    const notice = db.prepare(
      "INSERT INTO notices (project_id, kind, message, details_json, created_at) VALUES (?, 'budget-merged', ?, ?, ?)",
    );
    const at = new Date().toISOString();
    const decimal = (text: string): Big | null => {
      try {
        return new Big(text.trim());
      } catch {
        return null;
      }
    };
    for (const p of projects) {
      const fromProject = decimal(p.budget);
      const total = totalRow.get(p.id) as { id: number; amount: string; currency: string } | undefined;
      if (!total) {
        if (fromProject && fromProject.gt(0)) insertTotal.run(p.id, fromProject.toString(), p.currency, DEFAULT_THRESHOLDS);
        continue;
      }
      const kept = decimal(total.amount);
      if (fromProject && kept && fromProject.eq(kept)) continue;
      const projectWords = fromProject ? amountWords(p.budget, p.currency) : JSON.stringify(p.budget);
      const keptWords = kept ? amountWords(total.amount, total.currency) : JSON.stringify(total.amount);
      notice.run(
        p.id,
        `“${p.name}” had two budgets: ${projectWords} in the project's details (Plan screen, brief) and ${keptWords} on the Budget screen. ` +
          `Kept ${keptWords}, the Budget screen's (with its thresholds and splits); the project's details now show it too.`,
        JSON.stringify({
          projectBudget: p.budget,
          budgetScreen: total.amount,
          kept: total.amount,
          currency: total.currency,
          keptFrom: 'budget-screen',
        }),
        at,
      );
    }
    db.exec('ALTER TABLE projects DROP COLUMN budget');
  },
};
