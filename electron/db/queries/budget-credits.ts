/** SQL of the budget credits (migration 0009): dated offsets per project. */
import type { Database } from 'better-sqlite3';
import type { BudgetCredit } from '../../../shared/domain/budget/credits';

interface CreditRow {
  id: number;
  project_id: string;
  provider_id: string | null;
  name: string;
  amount: string;
  currency: string;
  granted_on: string;
  expires_on: string;
  source: string;
  notes: string | null;
}

const toCredit = (r: CreditRow): BudgetCredit => ({
  id: r.id,
  projectId: r.project_id,
  providerId: r.provider_id,
  name: r.name,
  amount: r.amount,
  currency: r.currency,
  grantedOn: r.granted_on,
  expiresOn: r.expires_on,
  source: r.source,
  notes: r.notes,
});

export function selectCredits(db: Database, projectId: string): BudgetCredit[] {
  return (db.prepare('SELECT * FROM budget_credits WHERE project_id = ? ORDER BY expires_on, id').all(projectId) as CreditRow[]).map(
    toCredit,
  );
}

export function selectCredit(db: Database, id: number): BudgetCredit | undefined {
  const row = db.prepare('SELECT * FROM budget_credits WHERE id = ?').get(id) as CreditRow | undefined;
  return row ? toCredit(row) : undefined;
}

export function insertCredit(db: Database, c: Omit<BudgetCredit, 'id'>, createdAt: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO budget_credits (project_id, provider_id, name, amount, currency, granted_on, expires_on, source, notes, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(c.projectId, c.providerId, c.name, c.amount, c.currency, c.grantedOn, c.expiresOn, c.source, c.notes, createdAt).lastInsertRowid,
  );
}

export function updateCredit(db: Database, c: BudgetCredit): void {
  db.prepare(
    `UPDATE budget_credits SET provider_id = ?, name = ?, amount = ?, currency = ?, granted_on = ?, expires_on = ?, source = ?, notes = ?
     WHERE id = ?`,
  ).run(c.providerId, c.name, c.amount, c.currency, c.grantedOn, c.expiresOn, c.source, c.notes, c.id);
}

export function deleteCredit(db: Database, id: number): number {
  return db.prepare('DELETE FROM budget_credits WHERE id = ?').run(id).changes;
}
