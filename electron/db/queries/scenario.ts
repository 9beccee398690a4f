/** Scenario SQL (scenarios): a plan copy with its variation, edited like the plan (revision, updated_at). */
import type { Database } from 'better-sqlite3';
import type { Plan, Scenario } from '../../../shared/domain/plan/types';
import { parseJsonOrNull } from './plan-aggregate';

interface ScenarioRow {
  id: string;
  project_id: string;
  name: string;
  description: string;
  variation: string;
  author_json: string | null;
  plan_json: string;
  created_at: string;
}

/** Inserts a scenario; `at` is its last change (null for a scenario never edited). */
export function insertScenario(db: Database, s: Scenario, at: string | null = null, revision = 0): void {
  db.prepare(
    'INSERT INTO scenarios (id, project_id, name, description, variation, author_json, plan_json, created_at, revision, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    s.id,
    s.projectId,
    s.name,
    s.description,
    s.variation,
    s.author ? JSON.stringify(s.author) : null,
    JSON.stringify(s.plan),
    s.createdAt,
    revision,
    at,
  );
}

export function updateScenarioPlan(db: Database, id: string, plan: Plan): void {
  db.prepare('UPDATE scenarios SET plan_json = ? WHERE id = ?').run(JSON.stringify(plan), id);
}

export function selectScenarios(db: Database, projectId: string): Scenario[] {
  return (db.prepare('SELECT * FROM scenarios WHERE project_id = ? ORDER BY rowid').all(projectId) as ScenarioRow[]).map((r) => ({
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    description: r.description,
    variation: r.variation,
    author: parseJsonOrNull(r.author_json),
    plan: JSON.parse(r.plan_json) as Plan,
    createdAt: r.created_at,
  }));
}

export function deleteScenario(db: Database, id: string): number {
  return db.prepare('DELETE FROM scenarios WHERE id = ?').run(id).changes;
}

export function selectScenarioRevision(db: Database, id: string): { projectId: string; revision: number } | undefined {
  const r = db.prepare('SELECT project_id, revision FROM scenarios WHERE id = ?').get(id) as
    { project_id: string; revision: number } | undefined;
  return r ? { projectId: r.project_id, revision: r.revision } : undefined;
}

/** Saves a scenario's edited plan and bumps its revision; returns the new revision. */
export function saveScenarioPlan(db: Database, id: string, plan: Plan, at: string): number {
  db.prepare('UPDATE scenarios SET plan_json = ?, revision = revision + 1, updated_at = ? WHERE id = ?').run(JSON.stringify(plan), at, id);
  return selectScenarioRevision(db, id)!.revision;
}

export function renameScenario(db: Database, id: string, name: string, description: string | undefined, at: string): number {
  if (description === undefined) return db.prepare('UPDATE scenarios SET name = ?, updated_at = ? WHERE id = ?').run(name, at, id).changes;
  return db.prepare('UPDATE scenarios SET name = ?, description = ?, updated_at = ? WHERE id = ?').run(name, description, at, id).changes;
}
