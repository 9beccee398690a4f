/** Migration 0015 on a database with both budget stores (schema 14): projects.budget and the budgets table's total row. */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/paths';
import { migrate, schemaVersion } from '../migrate';
import { selectPlan } from '../queries/plan-aggregate';
import { selectProjectList } from '../queries/project';
import { selectNotices } from '../queries/project-budget';
import { migrations } from './index';

const t = tempDir();
afterAll(() => t.remove());

function schema14(name: string) {
  const file = path.join(t.dir, name);
  const db = new BetterSqlite3(file);
  migrate(db, migrations.slice(0, 14), { file });
  const addProject = (id: string, name: string, currency: string, budget: string) =>
    db
      .prepare(
        `INSERT INTO projects (id, name, start_date, end_date, currency, budget, budget_source, description, source, created_at, updated_at)
         VALUES (?, ?, '2026-01-05', '2026-03-29', ?, ?, 'Entered when the project was created', '', NULL, '2026-01-01', '2026-01-01')`,
      )
      .run(id, name, currency, budget);
  const addBudget = (
    projectId: string,
    trackId: string | null,
    month: string | null,
    amount: string,
    currency: string,
    thresholds = '[50,80,100,120]',
  ) =>
    db
      .prepare('INSERT INTO budgets (project_id, track_id, month, amount, currency, thresholds_json) VALUES (?, ?, ?, ?, ?, ?)')
      .run(projectId, trackId, month, amount, currency, thresholds);
  return { db, file, addProject, addBudget };
}

const budgetsOf = (db: BetterSqlite3.Database, projectId: string) =>
  db
    .prepare(
      'SELECT track_id AS trackId, month, amount, currency, thresholds_json AS thresholds FROM budgets WHERE project_id = ? ORDER BY id',
    )
    .all(projectId);

describe('migration 0015-one-budget', () => {
  it('merges the two budgets of every project into the budgets total row: differing (Budget screen kept, a notice), equal, either one alone, none', () => {
    const { db, file, addProject, addBudget } = schema14('v14.sqlite');
    addProject('differ', 'Sleep staging', 'EUR', '3000');
    addBudget('differ', null, null, '3500', 'EUR', '[75,100]');
    addBudget('differ', null, '2026-02', '1200', 'EUR');
    addProject('equal', 'Equal', 'USD', '615.00');
    addBudget('equal', null, null, '615', 'USD');
    addProject('project-only', 'Project only', 'GBP', '1250.5');
    addProject('screen-only', 'Screen only', 'USD', '0');
    addBudget('screen-only', null, null, '800', 'USD');
    addProject('none', 'No budget', 'USD', '0');
    addProject('split-only', 'Split only', 'USD', '900');
    addBudget('split-only', null, '2026-01', '300', 'USD');

    const outcome = migrate(db, migrations.slice(0, 15), { file });
    expect(outcome.applied).toEqual(['0015-one-budget']);
    expect(schemaVersion(db)).toBe(15);
    expect(outcome.backupFile).toBe(`${file}.backup-v14`);

    // differing: the Budget screen's 3,500 (with its thresholds and its month split) is kept; the notice says so
    expect(budgetsOf(db, 'differ')).toEqual([
      { trackId: null, month: null, amount: '3500', currency: 'EUR', thresholds: '[75,100]' },
      { trackId: null, month: '2026-02', amount: '1200', currency: 'EUR', thresholds: '[50,80,100,120]' },
    ]);
    const [notice, ...more] = selectNotices(db, 'differ');
    expect(more).toEqual([]);
    expect(notice!.kind).toBe('budget-merged');
    expect(notice!.message).toContain('Sleep staging');
    expect(notice!.message).toContain('EUR 3,000');
    expect(notice!.message).toContain('Kept EUR 3,500');
    expect(notice!.details).toEqual({
      projectBudget: '3000',
      budgetScreen: '3500',
      kept: '3500',
      currency: 'EUR',
      keptFrom: 'budget-screen',
    });

    // equal (615.00 = 615): nothing to tell
    expect(budgetsOf(db, 'equal')).toEqual([{ trackId: null, month: null, amount: '615', currency: 'USD', thresholds: '[50,80,100,120]' }]);
    expect(selectNotices(db, 'equal')).toEqual([]);
    // only the project's: it becomes the total row, in the project's currency, default thresholds
    expect(budgetsOf(db, 'project-only')).toEqual([
      { trackId: null, month: null, amount: '1250.5', currency: 'GBP', thresholds: '[50,80,100,120]' },
    ]);
    expect(selectNotices(db, 'project-only')).toEqual([]);
    // only the Budget screen's (the project said 0): kept, and said, since the Plan screen showed 0
    expect(budgetsOf(db, 'screen-only')).toEqual([
      { trackId: null, month: null, amount: '800', currency: 'USD', thresholds: '[50,80,100,120]' },
    ]);
    expect(selectNotices(db, 'screen-only').map((n) => n.details.kept)).toEqual(['800']);
    // none: still none ("No budget set"), the plan reads 0
    expect(budgetsOf(db, 'none')).toEqual([]);
    // a month split without a total: the project's 900 becomes the total beside it
    expect(budgetsOf(db, 'split-only')).toEqual([
      { trackId: null, month: '2026-01', amount: '300', currency: 'USD', thresholds: '[50,80,100,120]' },
      { trackId: null, month: null, amount: '900', currency: 'USD', thresholds: '[50,80,100,120]' },
    ]);

    // the old column is gone; the plan, the project list read the one record
    const columns = (db.prepare('PRAGMA table_info(projects)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns).not.toContain('budget');
    expect(columns).toContain('budget_source');
    expect(selectPlan(db, 'differ')!.plan.project.budget).toBe('3500');
    expect(selectPlan(db, 'none')!.plan.project.budget).toBe('0');
    expect(Object.fromEntries(selectProjectList(db).map((p) => [p.id, p.budget]))).toEqual({
      differ: '3500',
      equal: '615',
      'project-only': '1250.5',
      'screen-only': '800',
      none: '0',
      'split-only': '900',
    });
    db.close();
  });

  it('a dismissed notice is no longer listed; purging the project removes its notices', () => {
    const { db, file, addProject, addBudget } = schema14('dismiss.sqlite');
    addProject('p', 'P', 'USD', '10');
    addBudget('p', null, null, '20', 'USD');
    migrate(db, migrations.slice(0, 15), { file });
    const [n] = selectNotices(db, 'p');
    db.prepare('UPDATE notices SET dismissed_at = ? WHERE id = ?').run('2026-01-02', n!.id);
    expect(selectNotices(db, 'p')).toEqual([]);
    db.pragma('foreign_keys = ON');
    db.prepare("DELETE FROM projects WHERE id = 'p'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM notices').get()).toEqual({ n: 0 });
    db.close();
  });
});
