/** Plan SQL: parameterized statements only. Rows are mapped to the types of shared/domain/plan. */
import type { Database } from 'better-sqlite3';
import type {
  Allocation,
  CapacityPool,
  Milestone,
  MilestonePhase,
  Plan,
  PlannedPrice,
  Project,
  Scenario,
  Track,
} from '../../../shared/domain/plan/types';

interface ProjectRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  currency: string;
  budget: string;
  budget_source: string;
  description: string;
  source: string | null;
  notes_json: string;
  claims_json: string;
  data_costs_json: string;
  revision: number;
  is_example: number;
  created_at: string;
  updated_at: string;
}
interface TrackRow {
  id: string;
  project_id: string;
  name: string;
  owner: string;
  focus: string;
  colour: string;
  start_date: string;
  end_date: string;
  position: number;
  notes: string | null;
}
interface MilestoneRow {
  id: string;
  project_id: string;
  track_id: string;
  code: string;
  name: string;
  description: string;
  facts_json: string;
  position: number;
}
interface PhaseRow {
  id: string;
  milestone_id: string;
  position: number;
  name: string;
  start_date: string;
  end_date: string;
  offering_id: string | null;
  gpu_id: string | null;
  runs_low: number;
  runs_high: number;
  workload_json: string | null;
  author_estimate_json: string | null;
  app_estimate_json: string | null;
}
interface AllocationRow {
  id: string;
  project_id: string;
  track_id: string;
  week: string;
  offering_id: string | null;
  gpu_id: string;
  gpu_count: number;
  hours: number;
  phase_id: string | null;
  note: string | null;
}
interface PoolRow {
  id: string;
  project_id: string;
  name: string;
  capacity: number;
  unit: 'gpus' | 'vcpus';
  notes: string | null;
}
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

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export interface ProjectSummary {
  id: string;
  name: string;
  start: string;
  end: string;
  isExample: boolean;
  revision: number;
}

export function selectProjects(db: Database): ProjectSummary[] {
  return (db.prepare('SELECT * FROM projects ORDER BY is_example DESC, created_at, id').all() as ProjectRow[]).map((r) => ({
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

const toPhase = (r: PhaseRow): MilestonePhase => ({
  id: r.id,
  name: r.name,
  start: r.start_date,
  end: r.end_date,
  offeringId: r.offering_id,
  gpuId: r.gpu_id,
  runs: { low: r.runs_low, high: r.runs_high },
  workload: json(r.workload_json),
  authorEstimate: json(r.author_estimate_json),
  appEstimate: json(r.app_estimate_json),
});

/** The whole plan aggregate of a project, or undefined. */
export function selectPlan(db: Database, projectId: string): { plan: Plan; revision: number } | undefined {
  const p = db.prepare('SELECT * FROM projects WHERE id = ?').get(projectId) as ProjectRow | undefined;
  if (!p) return undefined;
  const project: Project = {
    id: p.id,
    name: p.name,
    start: p.start_date,
    end: p.end_date,
    currency: p.currency,
    budget: p.budget,
    budgetSource: p.budget_source,
    description: p.description,
    source: p.source,
  };
  const tracks: Track[] = (db.prepare('SELECT * FROM tracks WHERE project_id = ? ORDER BY position, id').all(projectId) as TrackRow[]).map(
    (r) => ({
      id: r.id,
      projectId: r.project_id,
      name: r.name,
      owner: r.owner,
      focus: r.focus,
      colour: r.colour,
      start: r.start_date,
      end: r.end_date,
      position: r.position,
      notes: r.notes,
    }),
  );
  const phases = new Map<string, MilestonePhase[]>();
  for (const r of db
    .prepare(
      'SELECT ph.* FROM milestone_phases ph JOIN milestones m ON m.id = ph.milestone_id WHERE m.project_id = ? ORDER BY ph.position, ph.id',
    )
    .all(projectId) as PhaseRow[]) {
    const list = phases.get(r.milestone_id) ?? [];
    list.push(toPhase(r));
    phases.set(r.milestone_id, list);
  }
  const milestones: Milestone[] = (
    db.prepare('SELECT * FROM milestones WHERE project_id = ? ORDER BY position, id').all(projectId) as MilestoneRow[]
  ).map((r) => ({
    id: r.id,
    trackId: r.track_id,
    code: r.code,
    name: r.name,
    description: r.description,
    facts: JSON.parse(r.facts_json) as Milestone['facts'],
    phases: phases.get(r.id) ?? [],
    position: r.position,
  }));
  const allocations: Allocation[] = (
    db.prepare('SELECT * FROM allocations WHERE project_id = ? ORDER BY week, track_id, id').all(projectId) as AllocationRow[]
  ).map((r) => ({
    id: r.id,
    trackId: r.track_id,
    week: r.week,
    offeringId: r.offering_id,
    gpuId: r.gpu_id,
    gpuCount: r.gpu_count,
    hours: r.hours,
    phaseId: r.phase_id,
    note: r.note,
  }));
  const members = db
    .prepare('SELECT m.* FROM capacity_pool_members m JOIN capacity_pools p ON p.id = m.pool_id WHERE p.project_id = ? ORDER BY m.rowid')
    .all(projectId) as Array<{ pool_id: string; offering_id: string | null; gpu_id: string | null }>;
  const pools: CapacityPool[] = (
    db.prepare('SELECT * FROM capacity_pools WHERE project_id = ? ORDER BY rowid').all(projectId) as PoolRow[]
  ).map((r) => ({
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    capacity: r.capacity,
    unit: r.unit,
    notes: r.notes,
    offeringIds: members.filter((m) => m.pool_id === r.id && m.offering_id).map((m) => m.offering_id!),
    gpuIds: members.filter((m) => m.pool_id === r.id && m.gpu_id).map((m) => m.gpu_id!),
  }));
  const plannedPrices = db
    .prepare(
      'SELECT offering_id AS offeringId, kind, usd, per, as_of AS asOf, source FROM planned_prices WHERE project_id = ? ORDER BY offering_id',
    )
    .all(projectId) as PlannedPrice[];
  return {
    plan: {
      project,
      tracks,
      milestones,
      allocations,
      pools,
      plannedPrices,
      notes: JSON.parse(p.notes_json) as string[],
      claims: JSON.parse(p.claims_json) as Plan['claims'],
      dataCosts: JSON.parse(p.data_costs_json) as NonNullable<Plan['dataCosts']>,
    },
    revision: p.revision,
  };
}

export function insertProject(db: Database, plan: Plan, options: { isExample: boolean; at: string }): void {
  const p = plan.project;
  db.prepare(
    `INSERT INTO projects (id, name, start_date, end_date, currency, budget, budget_source, description, source, notes_json, claims_json, revision, is_example, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  ).run(
    p.id,
    p.name,
    p.start,
    p.end,
    p.currency,
    p.budget,
    p.budgetSource,
    p.description,
    p.source,
    JSON.stringify(plan.notes),
    JSON.stringify(plan.claims),
    options.isExample ? 1 : 0,
    options.at,
    options.at,
  );
  for (const t of plan.tracks) upsertTrack(db, t);
  for (const m of plan.milestones) upsertMilestone(db, p.id, m);
  for (const a of plan.allocations) upsertAllocation(db, p.id, a);
  for (const pool of plan.pools) upsertPool(db, pool);
  for (const price of plan.plannedPrices) upsertPlannedPrice(db, p.id, price);
  updateDataCosts(db, plan);
}

/** The plan's stated storage and transfer items (issue 19 item 15). */
export function updateDataCosts(db: Database, plan: Plan): void {
  db.prepare('UPDATE projects SET data_costs_json = ? WHERE id = ?').run(JSON.stringify(plan.dataCosts ?? []), plan.project.id);
}

export function updateProject(db: Database, p: Project): void {
  db.prepare(
    'UPDATE projects SET name = ?, start_date = ?, end_date = ?, currency = ?, budget = ?, budget_source = ?, description = ?, source = ? WHERE id = ?',
  ).run(p.name, p.start, p.end, p.currency, p.budget, p.budgetSource, p.description, p.source, p.id);
}

export function upsertTrack(db: Database, t: Track): void {
  db.prepare(
    `INSERT INTO tracks (id, project_id, name, owner, focus, colour, start_date, end_date, position, notes) VALUES (@id, @projectId, @name, @owner, @focus, @colour, @start, @end, @position, @notes)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, owner = excluded.owner, focus = excluded.focus, colour = excluded.colour, start_date = excluded.start_date,
       end_date = excluded.end_date, position = excluded.position, notes = excluded.notes`,
  ).run(t);
}

export function deleteTrack(db: Database, id: string): void {
  db.prepare('DELETE FROM tracks WHERE id = ?').run(id);
}

export function upsertMilestone(db: Database, projectId: string, m: Milestone): void {
  db.prepare(
    `INSERT INTO milestones (id, project_id, track_id, code, name, description, facts_json, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET track_id = excluded.track_id, code = excluded.code, name = excluded.name, description = excluded.description,
       facts_json = excluded.facts_json, position = excluded.position`,
  ).run(m.id, projectId, m.trackId, m.code, m.name, m.description, JSON.stringify(m.facts), m.position);
  db.prepare('DELETE FROM milestone_phases WHERE milestone_id = ?').run(m.id);
  const insert = db.prepare(
    `INSERT INTO milestone_phases (id, milestone_id, position, name, start_date, end_date, offering_id, gpu_id, runs_low, runs_high, workload_json, author_estimate_json, app_estimate_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  m.phases.forEach((ph, i) => {
    insert.run(
      ph.id,
      m.id,
      i,
      ph.name,
      ph.start,
      ph.end,
      ph.offeringId,
      ph.gpuId,
      ph.runs.low,
      ph.runs.high,
      ph.workload ? JSON.stringify(ph.workload) : null,
      ph.authorEstimate ? JSON.stringify(ph.authorEstimate) : null,
      ph.appEstimate ? JSON.stringify(ph.appEstimate) : null,
    );
  });
}

export function deleteMilestone(db: Database, id: string): void {
  db.prepare('DELETE FROM milestones WHERE id = ?').run(id);
}

export function upsertAllocation(db: Database, projectId: string, a: Allocation): void {
  db.prepare(
    `INSERT INTO allocations (id, project_id, track_id, week, offering_id, gpu_id, gpu_count, hours, phase_id, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET track_id = excluded.track_id, week = excluded.week, offering_id = excluded.offering_id, gpu_id = excluded.gpu_id,
       gpu_count = excluded.gpu_count, hours = excluded.hours, phase_id = excluded.phase_id, note = excluded.note`,
  ).run(a.id, projectId, a.trackId, a.week, a.offeringId, a.gpuId, a.gpuCount, a.hours, a.phaseId, a.note);
}

export function deleteAllocation(db: Database, id: string): void {
  db.prepare('DELETE FROM allocations WHERE id = ?').run(id);
}

export function upsertPool(db: Database, p: CapacityPool): void {
  db.prepare(
    `INSERT INTO capacity_pools (id, project_id, name, capacity, unit, notes) VALUES (@id, @projectId, @name, @capacity, @unit, @notes)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, capacity = excluded.capacity, unit = excluded.unit, notes = excluded.notes`,
  ).run(p);
  db.prepare('DELETE FROM capacity_pool_members WHERE pool_id = ?').run(p.id);
  const insert = db.prepare('INSERT INTO capacity_pool_members (pool_id, offering_id, gpu_id) VALUES (?, ?, ?)');
  for (const o of p.offeringIds) insert.run(p.id, o, null);
  for (const g of p.gpuIds) insert.run(p.id, null, g);
}

export function deletePool(db: Database, id: string): void {
  db.prepare('DELETE FROM capacity_pools WHERE id = ?').run(id);
}

export function upsertPlannedPrice(db: Database, projectId: string, p: PlannedPrice): void {
  db.prepare(
    `INSERT INTO planned_prices (project_id, offering_id, kind, usd, per, as_of, source) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(project_id, offering_id) DO UPDATE SET kind = excluded.kind, usd = excluded.usd, per = excluded.per, as_of = excluded.as_of, source = excluded.source`,
  ).run(projectId, p.offeringId, p.kind, p.usd, p.per, p.asOf, p.source);
}

export function updatePhaseEstimate(db: Database, phaseId: string, estimateJson: string | null): void {
  db.prepare('UPDATE milestone_phases SET app_estimate_json = ? WHERE id = ?').run(estimateJson, phaseId);
}

export function insertScenario(db: Database, s: Scenario): void {
  db.prepare(
    'INSERT INTO scenarios (id, project_id, name, description, variation, author_json, plan_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    s.id,
    s.projectId,
    s.name,
    s.description,
    s.variation,
    s.author ? JSON.stringify(s.author) : null,
    JSON.stringify(s.plan),
    s.createdAt,
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
    author: json(r.author_json),
    plan: JSON.parse(r.plan_json) as Plan,
    createdAt: r.created_at,
  }));
}

export function deleteScenario(db: Database, id: string): number {
  return db.prepare('DELETE FROM scenarios WHERE id = ?').run(id).changes;
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
