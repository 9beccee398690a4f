/**
 * The project's one budget record (migration 0015): the `budgets` row with no track and no month is the project's
 * total; the plan's `project.budget` is a read of it, and New / Edit project write it. Plus the notices a merge left.
 */
import type { Database } from 'better-sqlite3';
import Big from 'big.js';
import { DEFAULT_THRESHOLDS } from '../../../shared/domain/budget/types';

/** The total of the project aliased `p` ('0' when it has none), as a column of a SELECT on `projects p`. */
export const PROJECT_BUDGET_SQL = `COALESCE((SELECT b.amount FROM budgets b WHERE b.project_id = p.id AND b.track_id IS NULL AND b.month IS NULL ORDER BY b.id LIMIT 1), '0')`;

/** The project's total budget as the plan reads it ('0' when it has none). */
export function selectProjectBudget(db: Database, projectId: string): string {
  return (
    (db.prepare(`SELECT ${PROJECT_BUDGET_SQL} AS budget FROM projects p WHERE p.id = ?`).get(projectId) as { budget: string } | undefined)
      ?.budget ?? '0'
  );
}

/** The project's currency and total budget ('0' when it has none), or null for an unknown project. */
export function selectProjectMoney(db: Database, projectId: string): { currency: string; budget: string } | null {
  return (
    (db.prepare(`SELECT p.currency AS currency, ${PROJECT_BUDGET_SQL} AS budget FROM projects p WHERE p.id = ?`).get(projectId) as
      { currency: string; budget: string } | undefined) ?? null
  );
}

/**
 * Writes the project's total (New project, Edit project, a plan file, a promoted scenario): updates the total row's
 * amount (its thresholds and splits stay), or adds one with the default thresholds. A project with no total and a
 * budget of 0 keeps having none ("No budget set"). The amount is in the project's currency (not converted).
 */
export function writeProjectBudget(db: Database, projectId: string, amount: string, currency: string): void {
  const row = db
    .prepare('SELECT id, amount, currency FROM budgets WHERE project_id = ? AND track_id IS NULL AND month IS NULL ORDER BY id LIMIT 1')
    .get(projectId) as { id: number; amount: string; currency: string } | undefined;
  if (row) {
    if (row.amount !== amount || row.currency !== currency)
      db.prepare('UPDATE budgets SET amount = ?, currency = ? WHERE id = ?').run(amount, currency, row.id);
    return;
  }
  if (new Big(amount || '0').eq(0)) return;
  db.prepare('INSERT INTO budgets (project_id, track_id, month, amount, currency, thresholds_json) VALUES (?, NULL, NULL, ?, ?, ?)').run(
    projectId,
    amount,
    currency,
    JSON.stringify(DEFAULT_THRESHOLDS),
  );
}

export interface Notice {
  id: number;
  projectId: string;
  kind: string;
  message: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The project's notices not dismissed yet, oldest first. */
export function selectNotices(db: Database, projectId: string): Notice[] {
  const rows = db.prepare('SELECT * FROM notices WHERE project_id = ? AND dismissed_at IS NULL ORDER BY id').all(projectId) as Array<{
    id: number;
    project_id: string;
    kind: string;
    message: string;
    details_json: string;
    created_at: string;
  }>;
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    kind: r.kind,
    message: r.message,
    details: JSON.parse(r.details_json) as Record<string, unknown>,
    createdAt: r.created_at,
  }));
}

export function dismissNotice(db: Database, id: number, at: string): number {
  return db.prepare('UPDATE notices SET dismissed_at = ? WHERE id = ? AND dismissed_at IS NULL').run(at, id).changes;
}
