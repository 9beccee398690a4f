/**
 * A removed track's spend and allocation rules are never lost (issue 26 item 3): removing a track that rules or spend
 * lines point to needs the user's choice — move them to another track of the project, or leave the spend unassigned
 * (its rules go; the lines fall to the next rule that catches them, else to the unallocated bucket, which every
 * overview shows). The budget splits of the track go with its spend (added to the other track's), or go.
 */
import Big from 'big.js';
import type { Database } from 'better-sqlite3';
import { UserError } from '../../../shared/domain/errors';
import type { Plan } from '../../../shared/domain/plan/types';
import * as budgets from '../../db/queries/budget-planning';
import { createSpendAllocator } from '../budget/spend-allocator';

/** Where a removed track's spend and rules go: another track of the project, or unassigned (null). */
export interface RemovedTrackSpend {
  moveTo: string | null;
}

/** What points to a track: its allocation rules, the spend lines allocated to it, and its budget splits. */
export function trackHoldings(db: Database, projectId: string, trackId: string): { rules: number; lines: number; budgets: number } {
  return {
    rules: budgets.selectRules(db, projectId).filter((r) => r.trackId === trackId).length,
    lines: (db.prepare('SELECT COUNT(*) AS n FROM spend_lines WHERE track_id = ?').get(trackId) as { n: number }).n,
    budgets: budgets.selectBudgets(db, projectId).filter((b) => b.trackId === trackId).length,
  };
}

/**
 * In the edit's transaction, before the tracks are deleted: each removed track that holds spend or rules is handled as
 * the user chose, or the edit is refused (TRACK_HAS_SPEND) so that the user is asked.
 */
export function handleRemovedTracks(
  db: Database,
  before: Plan,
  after: Plan,
  choice: RemovedTrackSpend | undefined,
  /** What removes the tracks, when it cannot ask (a scenario promoted): the refusal says what to do instead. */
  by?: string,
): void {
  const projectId = after.project.id;
  const removed = before.tracks.filter((t) => !after.tracks.some((x) => x.id === t.id));
  const holding = removed
    .map((t) => ({ track: t, ...trackHoldings(db, projectId, t.id) }))
    .filter((h) => h.rules + h.lines + h.budgets > 0);
  if (holding.length === 0) return;
  if (!choice) {
    const h = holding[0]!;
    const what = [
      h.rules > 0 ? `${h.rules} allocation rule(s)` : '',
      h.lines > 0 ? `${h.lines} spend line(s)` : '',
      h.budgets > 0 ? `${h.budgets} budget split(s)` : '',
    ].filter(Boolean);
    throw new UserError(
      'TRACK_HAS_SPEND',
      by
        ? `${by} would remove track "${h.track.name}", which has ${what.join(', ')}: delete that track from the current plan first (you are asked where its spend and rules go), or keep it in the scenario.`
        : `Track "${h.track.name}" has ${what.join(', ')}: choose the track its spend and rules move to, or leave its spend unassigned.`,
      { field: 'removedTrackSpend', value: h.track.id, rules: h.rules, lines: h.lines, budgets: h.budgets },
    );
  }
  const target = choice.moveTo;
  if (target !== null && !after.tracks.some((t) => t.id === target))
    throw new UserError('INVALID_EDIT', 'The spend of a removed track can only move to a track the project keeps.', {
      field: 'removedTrackSpend.moveTo',
      value: target,
    });
  for (const { track } of holding) {
    for (const rule of budgets.selectRules(db, projectId).filter((r) => r.trackId === track.id)) {
      if (target === null) budgets.deleteRule(db, rule.id);
      else budgets.updateRule(db, { ...rule, trackId: target });
    }
    for (const split of budgets.selectBudgets(db, projectId).filter((b) => b.trackId === track.id)) {
      const into = target === null ? undefined : budgets.selectBudgetByScope(db, projectId, target, split.month);
      if (target === null) budgets.deleteBudget(db, split.id);
      else if (!into) budgets.updateBudget(db, { ...split, trackId: target });
      else if (into.currency === split.currency) {
        budgets.updateBudget(db, { ...into, amount: new Big(into.amount).plus(split.amount).toFixed() });
        budgets.deleteBudget(db, split.id);
      } else
        throw new UserError(
          'INVALID_EDIT',
          `Track "${track.name}"'s budget is in ${split.currency} and the other track's in ${into.currency}: set them in one currency first.`,
          { field: 'removedTrackSpend.moveTo', value: target },
        );
    }
  }
  // The lines' tracks as the rules now give them (those a deleted rule caught fall to the next rule, or unallocated).
  createSpendAllocator(db).reallocate();
}
