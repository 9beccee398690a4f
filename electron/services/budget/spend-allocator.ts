/**
 * Writes each active spend line's track from the allocation rules, so that SQL group-bys and the explorer see it.
 * Run by the writes that change spend or rules (an import, a sync, an undo that restores an import, a rule edit),
 * never by a read (issue 25 item 6).
 */
import type { Database } from 'better-sqlite3';
import { allocate } from '../../../shared/domain/budget/allocation';
import * as q from '../../db/queries/budget-planning';

export type SpendAllocator = ReturnType<typeof createSpendAllocator>;

export function createSpendAllocator(db: Database) {
  /** Writes each active spend line's track from the rules (all projects' rules, in order) in one transaction. */
  function reallocate(lines?: ReturnType<typeof q.selectActiveSpendLines>): { allocated: number; unallocated: number; changed: number } {
    lines ??= q.selectActiveSpendLines(db);
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

  /** The lines of these imports (new, or made active again by an undo) get their track under the current rules. */
  function allocateImports(importIds: readonly number[]): void {
    const active = new Set(q.selectActiveImportIds(db));
    const ids = importIds.filter((id) => active.has(id));
    if (ids.length > 0) reallocate(q.selectActiveSpendLines(db, { importIds: ids }));
  }

  return { reallocate, allocateImports };
}
