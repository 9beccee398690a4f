/** Writes a plan's own rows (tracks, milestones and phases, bookings, pools, planned prices, data costs): parameterized only. */
import type { Database } from 'better-sqlite3';
import type { Allocation, CapacityPool, Milestone, Plan, PlannedPrice, Track } from '../../../shared/domain/plan/types';

/** Writes every row of `plan` below the project row (inserted or updated; the caller clears removed rows). */
export function upsertPlanRows(db: Database, plan: Plan): void {
  const projectId = plan.project.id;
  for (const t of plan.tracks) upsertTrack(db, t);
  for (const m of plan.milestones) upsertMilestone(db, projectId, m);
  for (const a of plan.allocations) upsertAllocation(db, projectId, a);
  for (const pool of plan.pools) upsertPool(db, pool);
  for (const price of plan.plannedPrices) upsertPlannedPrice(db, projectId, price);
  updateDataCosts(db, plan);
}

/** The plan's stated storage and transfer items (issue 19 item 15). */
export function updateDataCosts(db: Database, plan: Plan): void {
  db.prepare('UPDATE projects SET data_costs_json = ? WHERE id = ?').run(JSON.stringify(plan.dataCosts ?? []), plan.project.id);
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
    `INSERT INTO milestones (id, project_id, track_id, code, name, description, facts_json, position, depends_on_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET track_id = excluded.track_id, code = excluded.code, name = excluded.name, description = excluded.description,
       facts_json = excluded.facts_json, position = excluded.position, depends_on_json = excluded.depends_on_json`,
  ).run(m.id, projectId, m.trackId, m.code, m.name, m.description, JSON.stringify(m.facts), m.position, JSON.stringify(m.dependsOn ?? []));
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
