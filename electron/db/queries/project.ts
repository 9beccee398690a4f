/** Project SQL beyond the plan's own rows (plan.ts, plan-rows.ts): listing, opening, archiving, soft delete, copying, and the spend a plan file carries. */
import type { Database } from 'better-sqlite3';
import type { Plan, Project, Scenario } from '../../../shared/domain/plan/types';
import { insertProject, updateProject } from './plan';
import { upsertPlanRows } from './plan-rows';
import type { ProjectRow } from './plan-aggregate';
import { PROJECT_BUDGET_SQL } from './project-budget';
import { insertScenario } from './scenario';

export interface ProjectListRow extends Pick<Project, 'id' | 'name' | 'start' | 'end' | 'currency' | 'budget'> {
  isExample: boolean;
  revision: number;
  createdAt: string;
  updatedAt: string;
  openedAt: string | null;
  archivedAt: string | null;
  deletedAt: string | null;
  tracks: number;
  scenarios: number;
}

type Row = ProjectRow & { tracks: number; scenarios: number };

/** Recent first: last opened (or changed), then the example, then by name. */
export function selectProjectList(db: Database, options: { includeDeleted?: boolean } = {}): ProjectListRow[] {
  const rows = db
    .prepare(
      `
    SELECT p.*, ${PROJECT_BUDGET_SQL} AS budget, (SELECT COUNT(*) FROM tracks t WHERE t.project_id = p.id) AS tracks, (SELECT COUNT(*) FROM scenarios s WHERE s.project_id = p.id) AS scenarios
    FROM projects p ${options.includeDeleted ? '' : 'WHERE p.deleted_at IS NULL'}
    ORDER BY p.opened_at IS NULL, p.opened_at DESC, p.is_example DESC, p.updated_at DESC, p.name, p.id`,
    )
    .all() as Row[];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    start: r.start_date,
    end: r.end_date,
    currency: r.currency,
    budget: r.budget,
    isExample: r.is_example === 1,
    revision: r.revision,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    openedAt: r.opened_at,
    archivedAt: r.archived_at,
    deletedAt: r.deleted_at,
    tracks: r.tracks,
    scenarios: r.scenarios,
  }));
}

export function selectProjectState(
  db: Database,
  id: string,
): { id: string; name: string; isExample: boolean; archivedAt: string | null; deletedAt: string | null } | undefined {
  const r = db.prepare('SELECT id, name, is_example, archived_at, deleted_at FROM projects WHERE id = ?').get(id) as
    { id: string; name: string; is_example: number; archived_at: string | null; deleted_at: string | null } | undefined;
  return r ? { id: r.id, name: r.name, isExample: r.is_example === 1, archivedAt: r.archived_at, deletedAt: r.deleted_at } : undefined;
}

export function markOpened(db: Database, id: string, at: string): void {
  db.prepare('UPDATE projects SET opened_at = ? WHERE id = ?').run(at, id);
}

export function setArchived(db: Database, id: string, at: string | null): void {
  db.prepare('UPDATE projects SET archived_at = ? WHERE id = ?').run(at, id);
}

export function setDeleted(db: Database, id: string, at: string | null): void {
  db.prepare('UPDATE projects SET deleted_at = ? WHERE id = ?').run(at, id);
}

export function renameProject(db: Database, id: string, name: string, at: string): void {
  db.prepare('UPDATE projects SET name = ?, updated_at = ?, revision = revision + 1 WHERE id = ?').run(name, at, id);
}

/** What deleting a project takes away, for the confirmation. */
export function projectContents(
  db: Database,
  id: string,
): { tracks: number; milestones: number; allocations: number; scenarios: number; budgets: number; rules: number; spendLines: number } {
  const n = (sql: string) => (db.prepare(sql).get(id) as { n: number }).n;
  return {
    tracks: n('SELECT COUNT(*) AS n FROM tracks WHERE project_id = ?'),
    milestones: n('SELECT COUNT(*) AS n FROM milestones WHERE project_id = ?'),
    allocations: n('SELECT COUNT(*) AS n FROM allocations WHERE project_id = ?'),
    scenarios: n('SELECT COUNT(*) AS n FROM scenarios WHERE project_id = ?'),
    budgets: n('SELECT COUNT(*) AS n FROM budgets WHERE project_id = ?'),
    rules: n('SELECT COUNT(*) AS n FROM allocation_rules WHERE project_id = ?'),
    spendLines: n(
      "SELECT COUNT(*) AS n FROM spend_lines l JOIN billing_imports i ON i.id = l.import_id AND i.status = 'active' WHERE l.track_id IN (SELECT id FROM tracks WHERE project_id = ?)",
    ),
  };
}

/** Inserts a whole project (plan rows and scenarios) — the caller holds the transaction. */
export function insertWholeProject(db: Database, plan: Plan, scenarios: Scenario[], at: string): void {
  insertProject(db, plan, { isExample: false, at });
  for (const s of scenarios) insertScenario(db, s, at);
}

/** Replaces a project's plan rows (tracks, milestones, bookings, pools, planned prices, project fields) with `plan`. */
export function replacePlanRows(db: Database, plan: Plan, at: string): void {
  const id = plan.project.id;
  db.prepare('DELETE FROM allocations WHERE project_id = ?').run(id);
  db.prepare('DELETE FROM milestones WHERE project_id = ?').run(id);
  db.prepare('DELETE FROM tracks WHERE project_id = ?').run(id);
  db.prepare('DELETE FROM capacity_pools WHERE project_id = ?').run(id);
  db.prepare('DELETE FROM planned_prices WHERE project_id = ?').run(id);
  updateProject(db, plan.project);
  db.prepare('UPDATE projects SET notes_json = ?, claims_json = ?, revision = revision + 1, updated_at = ? WHERE id = ?').run(
    JSON.stringify(plan.notes),
    JSON.stringify(plan.claims),
    at,
    id,
  );
  upsertPlanRows(db, plan);
}

export interface SpendLineExport {
  chargePeriodStart: string;
  chargePeriodEnd: string | null;
  billedCost: string;
  effectiveCost: string | null;
  currency: string;
  provider: string | null;
  service: string | null;
  sku: string | null;
  resourceId: string | null;
  region: string | null;
  chargeCategory: string | null;
  instanceType: string | null;
  usageQuantity: string | null;
  usageUnit: string | null;
  gpuCount: number | null;
  trackId: string;
  tags: Record<string, string>;
}

/** Active spend lines allocated to the project's tracks (for a plan file with its spend). */
export function selectProjectSpend(db: Database, projectId: string): SpendLineExport[] {
  const rows = db
    .prepare(
      `
    SELECT l.* FROM spend_lines l JOIN billing_imports i ON i.id = l.import_id AND i.status = 'active'
    WHERE l.track_id IN (SELECT id FROM tracks WHERE project_id = ?) ORDER BY l.charge_period_start, l.id`,
    )
    .all(projectId) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    chargePeriodStart: r.charge_period_start as string,
    chargePeriodEnd: r.charge_period_end as string | null,
    billedCost: r.billed_cost as string,
    effectiveCost: r.effective_cost as string | null,
    currency: r.currency as string,
    provider: r.provider as string | null,
    service: r.service as string | null,
    sku: r.sku as string | null,
    resourceId: r.resource_id as string | null,
    region: r.region as string | null,
    chargeCategory: r.charge_category as string | null,
    instanceType: r.instance_type as string | null,
    usageQuantity: r.usage_quantity as string | null,
    usageUnit: r.usage_unit as string | null,
    gpuCount: r.gpu_count as number | null,
    trackId: r.track_id as string,
    tags: JSON.parse((r.tags_json as string) || '{}') as Record<string, string>,
  }));
}
