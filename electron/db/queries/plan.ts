/** Project rows SQL (projects): the list, the default project, the revision, and the project row of a plan. Parameterized only. */
import type { Database } from 'better-sqlite3';
import type { Plan, Project } from '../../../shared/domain/plan/types';
import type { ProjectRow } from './plan-aggregate';
import { upsertPlanRows } from './plan-rows';
import { writeProjectBudget } from './project-budget';

type ProjectSummaryRow = Pick<ProjectRow, 'id' | 'name' | 'start_date' | 'end_date' | 'is_example' | 'revision'>;

export interface ProjectSummary {
  id: string;
  name: string;
  start: string;
  end: string;
  isExample: boolean;
  revision: number;
}

export function selectProjects(db: Database): ProjectSummary[] {
  return (
    db
      .prepare('SELECT id, name, start_date, end_date, is_example, revision FROM projects ORDER BY is_example DESC, created_at, id')
      .all() as ProjectSummaryRow[]
  ).map((r) => ({
    id: r.id,
    name: r.name,
    start: r.start_date,
    end: r.end_date,
    isExample: r.is_example === 1,
    revision: r.revision,
  }));
}

export function selectDefaultProjectId(db: Database): string | undefined {
  // The project opened last (the app reopens it), else the example; deleted projects never (migration 0007).
  const row = db
    .prepare(
      'SELECT id FROM projects WHERE deleted_at IS NULL ORDER BY opened_at IS NULL, opened_at DESC, is_example DESC, created_at, id LIMIT 1',
    )
    .get() as { id: string } | undefined;
  return row?.id;
}

export function selectRevision(db: Database, projectId: string): number | undefined {
  const row = db.prepare('SELECT revision FROM projects WHERE id = ?').get(projectId) as { revision: number } | undefined;
  return row?.revision;
}

export function bumpRevision(db: Database, projectId: string, at: string): number {
  db.prepare('UPDATE projects SET revision = revision + 1, updated_at = ? WHERE id = ?').run(at, projectId);
  return selectRevision(db, projectId)!;
}

export function insertProject(db: Database, plan: Plan, options: { isExample: boolean; at: string }): void {
  const p = plan.project;
  db.prepare(
    `INSERT INTO projects (id, name, start_date, end_date, currency, budget_source, description, source, notes_json, claims_json, revision, is_example, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  ).run(
    p.id,
    p.name,
    p.start,
    p.end,
    p.currency,
    p.budgetSource,
    p.description,
    p.source,
    JSON.stringify(plan.notes),
    JSON.stringify(plan.claims),
    options.isExample ? 1 : 0,
    options.at,
    options.at,
  );
  writeProjectBudget(db, p.id, p.budget, p.currency);
  upsertPlanRows(db, plan);
}

export function updateProject(db: Database, p: Project): void {
  db.prepare(
    'UPDATE projects SET name = ?, start_date = ?, end_date = ?, currency = ?, budget_source = ?, description = ?, source = ? WHERE id = ?',
  ).run(p.name, p.start, p.end, p.currency, p.budgetSource, p.description, p.source, p.id);
  writeProjectBudget(db, p.id, p.budget, p.currency); // the one budget record (migration 0015)
}

const ownerOf = (table: string) =>
  `SELECT t.project_id AS projectId, p.name AS projectName FROM ${table} t JOIN projects p ON p.id = t.project_id WHERE t.id = ?`;
const OWNED_BY_PROJECT = {
  track: ownerOf('tracks'),
  milestone: ownerOf('milestones'),
  allocation: ownerOf('allocations'),
  pool: ownerOf('capacity_pools'),
  phase: `SELECT m.project_id AS projectId, p.name AS projectName FROM milestone_phases ph JOIN milestones m ON m.id = ph.milestone_id
          JOIN projects p ON p.id = m.project_id WHERE ph.id = ?`,
} as const;
export type OwnedEntity = keyof typeof OWNED_BY_PROJECT;

/** The project a stored track, milestone, phase, allocation or pool belongs to (undefined when there is no such row). */
export function selectOwnerProject(db: Database, entity: OwnedEntity, id: string): { projectId: string; projectName: string } | undefined {
  return db.prepare(OWNED_BY_PROJECT[entity]).get(id) as { projectId: string; projectName: string } | undefined;
}
