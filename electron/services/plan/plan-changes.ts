/** Writes the rows a plan command touched (and only those), in the caller's transaction. */
import type { Database } from 'better-sqlite3';
import { touchedIds, type PlanCommand } from '../../../shared/domain/plan/commands';
import type { Plan } from '../../../shared/domain/plan/types';
import { updateProject } from '../../db/queries/plan';
import * as rows from '../../db/queries/plan-rows';
import { selectBudgets, updateBudget } from '../../db/queries/budget-planning';
import { budgetConversion } from '../../../shared/domain/budget/budget-currency';
import type { PlanCatalog } from '../../../shared/domain/plan/types';
import { handleRemovedTracks, type RemovedTrackSpend } from './track-removal';

/**
 * The rates (read only when the currency changes: the catalog's getter) and the day a switch converts the budget at;
 * and where the spend and rules of a track the command removes go (issue 26 item 3).
 */
type CurrencyContext = { catalog: Pick<PlanCatalog, 'rates'>; now: Date; removedTrackSpend?: RemovedTrackSpend | undefined };

function convertBudgetSplits(db: Database, projectId: string, from: string, to: string, fx: CurrencyContext) {
  const splits = selectBudgets(db, projectId).filter((b) => b.trackId !== null || b.month !== null);
  if (splits.length === 0) return;
  const conversion = budgetConversion(from, to, fx.now.toISOString().slice(0, 10), fx.catalog.rates ?? []);
  for (const b of splits) updateBudget(db, { ...b, amount: b.currency === to ? b.amount : conversion.convert(b.amount), currency: to });
}

/** Writes what a command changed, in the caller's transaction. */
export function writeChanges(
  db: Database,
  before: Plan,
  after: Plan,
  command: PlanCommand,
  fx: CurrencyContext = { catalog: {}, now: new Date() },
): void {
  const touched = touchedIds(command);
  const projectId = after.project.id;
  const ids = (kind: Parameters<typeof touched.get>[0]) => [...(touched.get(kind) ?? [])];
  if (touched.has('project')) {
    // A new currency converts the budget's splits (per track and month) at the day's rate; the total is the project's.
    if (before.project.currency !== after.project.currency)
      convertBudgetSplits(db, projectId, before.project.currency, after.project.currency, fx);
    updateProject(db, after.project);
  }
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
  if (ids('track').some((id) => !after.tracks.some((x) => x.id === id) && before.tracks.some((x) => x.id === id)))
    handleRemovedTracks(db, before, after, fx.removedTrackSpend);
  for (const id of ids('track'))
    if (!after.tracks.some((x) => x.id === id) && before.tracks.some((x) => x.id === id)) rows.deleteTrack(db, id);
}
