/**
 * Writes each active spend line's track from the allocation rules, so that SQL group-bys and the explorer see it.
 * Run by the writes that change spend or rules (an import, a sync, an undo that restores an import, a rule edit),
 * never by a read (issue 25 item 6). Lines are read and assigned a page at a time (by id), so the memory it takes is
 * bounded by the page, not by the number of lines stored (issue 32 item 1).
 */
import type { Database } from 'better-sqlite3';
import type { SpendLine } from '../../../shared/domain/billing/spend-line';
import { allocate, ruleMatches, sortRules } from '../../../shared/domain/budget/allocation';
import type { AllocationRule } from '../../../shared/domain/budget/types';
import * as q from '../../db/queries/budget-planning';

export type SpendAllocator = ReturnType<typeof createSpendAllocator>;

/** Lines read and assigned at a time. */
export const ALLOCATION_PAGE_LINES = 5_000;

/**
 * Tracks given to an import's lines as they are written (issue 26 item 15: no second pass over them): the rules as
 * they were when the import started. `current()` says whether they are still the rules when it is made visible (a
 * rule edited meanwhile: the lines are allocated again, as before).
 */
export interface TrackAssigner {
  trackOf(line: SpendLine): string | null;
  current(): boolean;
}

export function createSpendAllocator(db: Database, pageLines = ALLOCATION_PAGE_LINES) {
  /** Every project's rules, in the order they apply. */
  function allRules(): AllocationRule[] {
    const projects = (db.prepare('SELECT id FROM projects ORDER BY created_at, id').all() as Array<{ id: string }>).map((p) => p.id);
    return sortRules(projects.flatMap((p, i) => q.selectRules(db, p).map((r) => ({ ...r, position: i * 1_000_000 + r.position }))));
  }

  /** The tracks of lines about to be written, by the rules now (null for every line when there are none). */
  function trackAssigner(): TrackAssigner {
    const rules = allRules();
    const snapshot = JSON.stringify(rules);
    const current = () => JSON.stringify(allRules()) === snapshot;
    if (rules.length === 0) return { trackOf: () => null, current };
    return {
      trackOf(line) {
        for (const rule of rules) if (ruleMatches(rule, line)) return rule.trackId;
        return null;
      },
      current,
    };
  }

  /**
   * Writes the track of each active line (of these imports, or all) from the rules (all projects' rules, in order),
   * in one transaction, reading the lines a page at a time.
   */
  function allocatePages(importIds?: number[]): { allocated: number; unallocated: number; changed: number } {
    const rules = allRules();
    const totals = { allocated: 0, unallocated: 0, changed: 0 };
    db.transaction(() => {
      let afterId = 0;
      for (;;) {
        const lines = q.selectActiveSpendLines(db, { ...(importIds ? { importIds } : {}), afterId, limit: pageLines });
        if (lines.length === 0) break;
        afterId = lines[lines.length - 1]!.id;
        const { trackOf } = allocate(lines, rules);
        const changed: Array<[number, string | null]> = [];
        for (const l of lines) {
          const track = trackOf.get(l.id) ?? null;
          if (track !== l.storedTrackId) changed.push([l.id, track]);
        }
        if (changed.length > 0) q.updateLineTracks(db, changed);
        totals.allocated += trackOf.size;
        totals.unallocated += lines.length - trackOf.size;
        totals.changed += changed.length;
        if (lines.length < pageLines) break;
      }
    })();
    return totals;
  }

  /** Writes each active spend line's track from the rules (all projects' rules, in order) in one transaction. */
  function reallocate(): { allocated: number; unallocated: number; changed: number } {
    return allocatePages();
  }

  /** The lines of these imports (new, or made active again by an undo) get their track under the current rules. */
  function allocateImports(importIds: readonly number[]): void {
    const active = new Set(q.selectActiveImportIds(db));
    const ids = importIds.filter((id) => active.has(id));
    if (ids.length > 0) allocatePages(ids);
  }

  return { reallocate, allocateImports, trackAssigner };
}
