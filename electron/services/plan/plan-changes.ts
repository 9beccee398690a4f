/** Writes the rows a plan command touched (and only those), in the caller's transaction. */
import type { Database } from 'better-sqlite3';
import { touchedIds, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { Plan } from '../../../shared/domain/plan/types';
import { updateProject } from '../../db/queries/plan';
import * as rows from '../../db/queries/plan-rows';

/** Writes what a command changed, in the caller's transaction. */
export function writeChanges(db: Database, before: Plan, after: Plan, command: PlanCommand): void {
  const touched = touchedIds(command);
  const projectId = after.project.id;
  const ids = (kind: Parameters<typeof touched.get>[0]) => [...(touched.get(kind) ?? [])];
  if (touched.has('project')) updateProject(db, after.project);
  if (touched.has('dataCost')) rows.updateDataCosts(db, after);
  // Allocations first out (a moved run of cells would collide with itself on the unique cell index), back in last.
  for (const id of ids('allocation')) rows.deleteAllocation(db, id);
  for (const id of ids('track')) {
    const t = after.tracks.find((x) => x.id === id);
    if (t) rows.upsertTrack(db, t);
  }
  for (const id of ids('pool')) {
    const p = after.pools.find((x) => x.id === id);
    if (p) rows.upsertPool(db, p);
    else rows.deletePool(db, id);
  }
  for (const id of ids('milestone')) {
    const m = after.milestones.find((x) => x.id === id);
    if (m) rows.upsertMilestone(db, projectId, m);
    else rows.deleteMilestone(db, id);
  }
  for (const id of ids('allocation')) {
    const a = after.allocations.find((x) => x.id === id);
    if (a) rows.upsertAllocation(db, projectId, a);
  }
  for (const id of ids('track'))
    if (!after.tracks.some((x) => x.id === id) && before.tracks.some((x) => x.id === id)) rows.deleteTrack(db, id);
}
