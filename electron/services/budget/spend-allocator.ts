/** Writes each active spend line's track from the allocation rules, so that SQL group-bys and the explorer see it. */
import type { Database } from 'better-sqlite3';
import { allocate } from '../../../shared/domain/budget/allocation';
import * as q from '../../db/queries/budget-planning';

export type SpendAllocator = ReturnType<typeof createSpendAllocator>;

export function createSpendAllocator(db: Database) {
  /**
   * Active imports whose lines carry the current rules' tracks: the overview allocates only the lines of the others
   * (new, restored by an undo, or written by another process), not every line no rule matches each time it loads.
   */
  const allocatedImports = new Set<number>();

  /** Writes each active spend line's track from the rules (all projects' rules, in order) in one transaction. */
  function reallocate(lines?: ReturnType<typeof q.selectActiveSpendLines>): { allocated: number; unallocated: number; changed: number } {
    if (!lines) {
      allocatedImports.clear();
      for (const id of q.selectActiveImportIds(db)) allocatedImports.add(id);
      lines = q.selectActiveSpendLines(db);
    }
    const projects = (db.prepare('SELECT id FROM projects ORDER BY created_at, id').all() as Array<{ id: string }>).map((p) => p.id);
    const rules = projects.flatMap((p, i) => q.selectRules(db, p).map((r) => ({ ...r, position: i * 1_000_000 + r.position })));
    const { trackOf } = allocate(lines, rules);
    const changed: Array<[number, string | null]> = [];
    for (const l of lines) {
      const track = trackOf.get(l.id) ?? null;
      if (track !== l.storedTrackId) changed.push([l.id, track]);
    }
    if (changed.length > 0) db.transaction(() => q.updateLineTracks(db, changed))();
    return { allocated: trackOf.size, unallocated: lines.length - trackOf.size, changed: changed.length };
  }

  /** Lines of imports the rules have not run on yet get their track (rule edits reallocate every line). */
  function allocateNewImports(): void {
    const pending = q.selectActiveImportIds(db).filter((id) => !allocatedImports.has(id));
    if (pending.length > 0) {
      reallocate(q.selectActiveSpendLines(db, { importIds: pending }));
      for (const id of pending) allocatedImports.add(id);
    }
  }

  return { reallocate, allocateNewImports };
}
