/**
 * How much of each import reaches the active project (issue 19 item 19): its lines within the project's dates, and
 * those of them the allocation rules assign to one of its tracks — the overview's window and allocation, per import.
 */
import type { ImportReach } from '../../../shared/ipc/contract/budget-import';
import * as q from '../../db/queries/budget-planning';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';
import { bucketTotals, projectWindow } from './budget-overview';

export function importReachReader({ db }: Pick<ServiceDeps, 'db'>, planService: Pick<PlanService, 'load'>) {
  /** Import id → its reach into the active project; empty when there is no project to compare with. */
  return function importReach(importIds: number[]): Map<number, ImportReach> {
    const reach = new Map<number, ImportReach>();
    if (importIds.length === 0) return reach;
    let plan;
    try {
      plan = planService.load().plan;
    } catch {
      return reach; // no active project
    }
    const { from, toExclusive } = projectWindow(plan);
    const rows = q.selectImportWindowTotals(
      db,
      plan.tracks.map((t) => t.id),
      from,
      toExclusive,
      importIds,
    );
    for (const id of importIds) {
      const mine = rows.filter((r) => r.importId === id);
      const inDates = bucketTotals(mine);
      const assigned = bucketTotals(mine.map((r) => ({ currency: r.currency, nanos: r.assignedNanos, lines: r.assignedLines })));
      reach.set(id, {
        project: { id: plan.project.id, name: plan.project.name, start: plan.project.start, end: plan.project.end },
        inProjectDates: { lines: inDates.count, totals: inDates.totals },
        assigned: { lines: assigned.count, totals: assigned.totals },
      });
    }
    return reach;
  };
}
