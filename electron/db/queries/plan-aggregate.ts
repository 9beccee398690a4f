/** Reads a project's whole plan aggregate (projects, tracks, milestones and phases, bookings, pools, planned prices). */
import type { Database } from 'better-sqlite3';
import type {
  Allocation,
  CapacityPool,
  Milestone,
  MilestonePhase,
  Plan,
  PlannedPrice,
  Project,
  Track,
} from '../../../shared/domain/plan/types';
import { PROJECT_BUDGET_SQL } from './project-budget';

/** A row of the projects table. */
export interface ProjectRow {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  currency: string;
  /** Not a column: the total of the project's budget record (PROJECT_BUDGET_SQL, migration 0015). */
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
  opened_at: string | null;
  archived_at: string | null;
  deleted_at: string | null;
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
  track_id: string;
  code: string;
  name: string;
  description: string;
  facts_json: string;
  position: number;
  depends_on_json: string;
}
interface PhaseRow {
  id: string;
  milestone_id: string;
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
interface PoolMemberRow {
  pool_id: string;
  offering_id: string | null;
  gpu_id: string | null;
}

export const parseJsonOrNull = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const toProject = (p: ProjectRow): Project => ({
  id: p.id,
  name: p.name,
  start: p.start_date,
  end: p.end_date,
  currency: p.currency,
  budget: p.budget,
  budgetSource: p.budget_source,
  description: p.description,
  source: p.source,
});

const toTrack = (r: TrackRow): Track => ({
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
});

const toPhase = (r: PhaseRow): MilestonePhase => ({
  id: r.id,
  name: r.name,
  start: r.start_date,
  end: r.end_date,
  offeringId: r.offering_id,
  gpuId: r.gpu_id,
  runs: { low: r.runs_low, high: r.runs_high },
  workload: parseJsonOrNull(r.workload_json),
  authorEstimate: parseJsonOrNull(r.author_estimate_json),
  appEstimate: parseJsonOrNull(r.app_estimate_json),
});

const toMilestone = (r: MilestoneRow, phases: MilestonePhase[]): Milestone => ({
  id: r.id,
  trackId: r.track_id,
  code: r.code,
  name: r.name,
  description: r.description,
  facts: JSON.parse(r.facts_json) as Milestone['facts'],
  phases,
  position: r.position,
  ...dependsOnOf(r.depends_on_json),
});

/** A milestone's stored dependencies: absent when it has none, as plans without them are written. */
function dependsOnOf(json: string): Pick<Milestone, 'dependsOn'> {
  const ids = JSON.parse(json) as string[];
  return ids.length > 0 ? { dependsOn: ids } : {};
}

const toAllocation = (r: AllocationRow): Allocation => ({
  id: r.id,
  trackId: r.track_id,
  week: r.week,
  offeringId: r.offering_id,
  gpuId: r.gpu_id,
  gpuCount: r.gpu_count,
  hours: r.hours,
  phaseId: r.phase_id,
  note: r.note,
});

const toPool = (r: PoolRow, members: PoolMemberRow[]): CapacityPool => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  capacity: r.capacity,
  unit: r.unit,
  notes: r.notes,
  offeringIds: members.filter((m) => m.pool_id === r.id && m.offering_id).map((m) => m.offering_id!),
  gpuIds: members.filter((m) => m.pool_id === r.id && m.gpu_id).map((m) => m.gpu_id!),
});

/** The rows of one project that a statement with a single `?` (the project id) selects. */
function projectRows<Row>(db: Database, projectId: string, sql: string): Row[] {
  return db.prepare(sql).all(projectId) as Row[];
}

function selectPhasesByMilestone(db: Database, projectId: string): Map<string, MilestonePhase[]> {
  const phases = new Map<string, MilestonePhase[]>();
  const rows = projectRows<PhaseRow>(
    db,
    projectId,
    'SELECT ph.* FROM milestone_phases ph JOIN milestones m ON m.id = ph.milestone_id WHERE m.project_id = ? ORDER BY ph.position, ph.id',
  );
  for (const r of rows) {
    const list = phases.get(r.milestone_id) ?? [];
    list.push(toPhase(r));
    phases.set(r.milestone_id, list);
  }
  return phases;
}

/** The whole plan aggregate of a project, or undefined. */
export function selectPlan(db: Database, projectId: string): { plan: Plan; revision: number } | undefined {
  const p = db.prepare(`SELECT p.*, ${PROJECT_BUDGET_SQL} AS budget FROM projects p WHERE p.id = ?`).get(projectId) as
    ProjectRow | undefined;
  if (!p) return undefined;
  const tracks = projectRows<TrackRow>(db, projectId, 'SELECT * FROM tracks WHERE project_id = ? ORDER BY position, id').map(toTrack);
  const phases = selectPhasesByMilestone(db, projectId);
  const milestones = projectRows<MilestoneRow>(db, projectId, 'SELECT * FROM milestones WHERE project_id = ? ORDER BY position, id').map(
    (r) => toMilestone(r, phases.get(r.id) ?? []),
  );
  const allocations = projectRows<AllocationRow>(
    db,
    projectId,
    'SELECT * FROM allocations WHERE project_id = ? ORDER BY week, track_id, id',
  ).map(toAllocation);
  const members = projectRows<PoolMemberRow>(
    db,
    projectId,
    'SELECT m.* FROM capacity_pool_members m JOIN capacity_pools p ON p.id = m.pool_id WHERE p.project_id = ? ORDER BY m.rowid',
  );
  const pools = projectRows<PoolRow>(db, projectId, 'SELECT * FROM capacity_pools WHERE project_id = ? ORDER BY rowid').map((r) =>
    toPool(r, members),
  );
  const plannedPrices = projectRows<PlannedPrice>(
    db,
    projectId,
    'SELECT offering_id AS offeringId, kind, usd, per, as_of AS asOf, source FROM planned_prices WHERE project_id = ? ORDER BY offering_id',
  );
  return {
    plan: {
      project: toProject(p),
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
