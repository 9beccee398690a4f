/**
 * A diff before anything changes (issue 27 item 3): what a suggestion changes against the current plan, per milestone
 * (dates, offering, GPU, GPU-hours, cost) and in total (cost and finish, before and after, and the GPU-hours moved).
 * Pure; costs are the plan's own (computeTotals: allocation costs in the project's currency), so the diff adds up to
 * what the plan and the suggestion cost. The Suggest panel, `plan optimize --json` (`diff`), the CLI text and the
 * PDF's "What moved" all show this one value.
 */
import Big from 'big.js';
import { shownCents } from '../../apportion';
import { coverageWalk } from '../milestone-coverage';
import { milestoneSpan } from '../milestone-dependencies';
import { createPriceBook, type PriceBook } from '../pricing';
import { computeTotals } from '../totals';
import type { Allocation, Plan, PlanCatalog } from '../types';

export type MilestoneChange = 'dates' | 'offering' | 'gpu' | 'gpu-hours' | 'cost';

export interface MilestoneSide {
  start: string | null;
  end: string | null;
  offeringIds: string[];
  gpuIds: string[];
  /** GPU-hours booked toward the milestone (bookings shared by milestones split by the checks' coverage walk). */
  gpuHours: number;
  /** What those bookings cost, in the project's currency (cents). */
  cost: string;
}

export interface MilestoneDiff {
  milestoneId: string;
  code: string;
  name: string;
  trackId: string;
  before: MilestoneSide;
  after: MilestoneSide;
  changes: MilestoneChange[];
}

export interface PlanSide {
  /** All costs of the plan (GPU, storage, transfer), in the project's currency (cents). */
  cost: string;
  /** The last milestone's end date, and the last week with milestone bookings. */
  finish: string | null;
  finishWeek: string | null;
  gpuHours: number;
}

export interface SuggestionDiff {
  currency: string;
  /** Every milestone the suggestion changes, track by track in the plan's order (unchanged ones left out). */
  milestones: MilestoneDiff[];
  before: PlanSide;
  after: PlanSide;
  /** GPU-hours of milestone work the suggestion takes away from where they are booked, and books where they are not. */
  removedGpuHours: number;
  addedGpuHours: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const uniq = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => x !== null))].sort();

/**
 * GPU-hours of each booking per milestone. A booking may serve several milestones (the optimizer books one cell per
 * track, offering and week, labelled with one phase), so its hours are shared out by the checks' coverage walk: each
 * phase takes what it needs from the track's bookings on its GPU in its weeks, in end-date order, and what is left of a
 * booking counts toward the milestone of the phase it is labelled with.
 */
function milestoneShares(plan: Plan, book: PriceBook): Array<{ allocation: Allocation; milestoneId: string; gpuHours: number }> {
  const milestoneOfPhase = new Map<string, string>();
  for (const m of plan.milestones) for (const p of m.phases) milestoneOfPhase.set(p.id, m.id);
  const cellTotal = new Map<string, number>();
  const cellKey = (trackId: string, gpuId: string, week: string) => `${trackId}|${gpuId}|${week}`;
  for (const a of plan.allocations) {
    const k = cellKey(a.trackId, a.gpuId, a.week);
    cellTotal.set(k, (cellTotal.get(k) ?? 0) + a.hours * a.gpuCount);
  }
  // What the walk gives each milestone per cell.
  const takenByCell = new Map<string, Map<string, number>>();
  for (const w of coverageWalk(plan, book)) {
    if (!w.gpuId) continue;
    for (const [week, hours] of w.taken) {
      const k = cellKey(w.milestone.trackId, w.gpuId, week);
      const byMilestone = takenByCell.get(k) ?? new Map<string, number>();
      byMilestone.set(w.milestone.id, (byMilestone.get(w.milestone.id) ?? 0) + hours);
      takenByCell.set(k, byMilestone);
    }
  }
  const shares: Array<{ allocation: Allocation; milestoneId: string; gpuHours: number }> = [];
  for (const a of plan.allocations) {
    const h = a.hours * a.gpuCount;
    const k = cellKey(a.trackId, a.gpuId, a.week);
    const total = cellTotal.get(k) ?? 0;
    if (h <= 0 || total <= 0) continue;
    let left = h;
    for (const [milestoneId, taken] of takenByCell.get(k) ?? []) {
      const share = (taken * h) / total;
      if (share <= 0) continue;
      shares.push({ allocation: a, milestoneId, gpuHours: share });
      left -= share;
    }
    const own = a.phaseId ? milestoneOfPhase.get(a.phaseId) : undefined;
    if (own && left > 1e-9) shares.push({ allocation: a, milestoneId: own, gpuHours: left });
  }
  return shares;
}

function sides(plan: Plan, catalog: PlanCatalog) {
  const book = createPriceBook(plan, catalog);
  const totals = computeTotals(plan, catalog, book);
  const work = new Map<string, { gpuHours: number; cost: Big }>();
  const cells = new Map<string, number>();
  let finishWeek: string | null = null;
  for (const { allocation: a, milestoneId, gpuHours } of milestoneShares(plan, book)) {
    const w = work.get(milestoneId) ?? { gpuHours: 0, cost: new Big(0) };
    w.gpuHours += gpuHours;
    w.cost = w.cost.plus(new Big(totals.allocationUsd[a.id] ?? '0').times(gpuHours).div(a.hours * a.gpuCount));
    work.set(milestoneId, w);
    const cell = `${milestoneId}|${a.offeringId ?? a.gpuId}|${a.week}`;
    cells.set(cell, (cells.get(cell) ?? 0) + gpuHours);
    if (finishWeek === null || a.week > finishWeek) finishWeek = a.week;
  }
  const milestones = new Map<string, MilestoneSide>(
    plan.milestones.map((m) => {
      const span = milestoneSpan(m);
      const w = work.get(m.id);
      return [
        m.id,
        {
          start: span?.start ?? null,
          end: span?.end ?? null,
          offeringIds: uniq(m.phases.map((p) => p.offeringId)),
          gpuIds: uniq(m.phases.map((p) => p.gpuId)),
          gpuHours: round2(w?.gpuHours ?? 0),
          cost: shownCents(w?.cost ?? 0),
        },
      ];
    }),
  );
  const ends = plan.milestones.map((m) => milestoneSpan(m)?.end ?? null).filter((x): x is string => x !== null);
  const side: PlanSide = {
    cost: shownCents(totals.allCostsUsd),
    finish: ends.sort().at(-1) ?? null,
    finishWeek,
    gpuHours: round2(totals.gpuHours),
  };
  return { milestones, side, cells, currency: totals.currency };
}

/** What `suggestion` changes against `current` (the same project: milestones matched by id). */
export function suggestionDiff(current: Plan, suggestion: Plan, catalog: PlanCatalog): SuggestionDiff {
  const a = sides(current, catalog);
  const b = sides(suggestion, catalog);
  const milestones: MilestoneDiff[] = [];
  // In the plan screen's order: track by track, each track's milestones in their order.
  const trackIndex = new Map(current.tracks.map((t, i) => [t.id, t.position ?? i]));
  const ordered = [...current.milestones].sort(
    (x, y) => (trackIndex.get(x.trackId) ?? 0) - (trackIndex.get(y.trackId) ?? 0) || x.position - y.position,
  );
  for (const m of ordered) {
    const before = a.milestones.get(m.id)!;
    const after = b.milestones.get(m.id);
    if (!after) continue;
    const changes: MilestoneChange[] = [];
    if (before.start !== after.start || before.end !== after.end) changes.push('dates');
    if (before.offeringIds.join() !== after.offeringIds.join()) changes.push('offering');
    if (before.gpuIds.join() !== after.gpuIds.join()) changes.push('gpu');
    if (Math.abs(before.gpuHours - after.gpuHours) >= 0.01) changes.push('gpu-hours');
    if (before.cost !== after.cost) changes.push('cost');
    // bookings moved between weeks at the same total still change the milestone: its hours moved
    const moved = [...new Set([...a.cells.keys(), ...b.cells.keys()])].some(
      (k) => k.startsWith(`${m.id}|`) && Math.abs((a.cells.get(k) ?? 0) - (b.cells.get(k) ?? 0)) >= 0.01,
    );
    if (moved && !changes.includes('gpu-hours')) changes.push('gpu-hours');
    if (changes.length > 0) milestones.push({ milestoneId: m.id, code: m.code, name: m.name, trackId: m.trackId, before, after, changes });
  }
  let removed = 0;
  let added = 0;
  for (const k of new Set([...a.cells.keys(), ...b.cells.keys()])) {
    const d = (b.cells.get(k) ?? 0) - (a.cells.get(k) ?? 0);
    if (d > 0) added += d;
    else removed -= d;
  }
  return {
    currency: a.currency,
    milestones,
    before: a.side,
    after: b.side,
    removedGpuHours: round2(removed),
    addedGpuHours: round2(added),
  };
}

/** A milestone's dates as a lead reads them: one day, or first – last (the arrow is kept for "before → after"). */
export function dateSpan(side: { start: string | null; end: string | null }): string {
  if (side.start === null && side.end === null) return '—';
  if (side.start === side.end) return side.start!;
  return `${side.start ?? '—'} – ${side.end ?? '—'}`;
}

/**
 * The diff in sentences, one per changed milestone, then the totals (CLI text, the PDF's "What moved"). Each change
 * reads "what: before → after", with its unit: "dates 2026-01-10 – 2026-01-17 → 2025-12-30 – 2026-01-04".
 */
export function diffLines(diff: SuggestionDiff, name: (offeringId: string) => string, money: (amount: string) => string): string[] {
  const lines = diff.milestones.map((m) => {
    const parts: string[] = [];
    if (m.changes.includes('dates')) parts.push(`dates ${dateSpan(m.before)} → ${dateSpan(m.after)}`);
    if (m.changes.includes('offering') || m.changes.includes('gpu'))
      parts.push(`hardware ${m.before.offeringIds.map(name).join(', ') || '—'} → ${m.after.offeringIds.map(name).join(', ') || '—'}`);
    if (m.changes.includes('gpu-hours'))
      parts.push(
        m.before.gpuHours === m.after.gpuHours
          ? `its ${m.after.gpuHours} GPU-hours move to other weeks`
          : `${m.before.gpuHours} → ${m.after.gpuHours} GPU-hours`,
      );
    if (m.changes.includes('cost')) parts.push(`cost ${money(m.before.cost)} → ${money(m.after.cost)}`);
    return `${m.code} ${m.name}: ${parts.join('; ')}.`;
  });
  lines.push(
    `Plan: cost ${money(diff.before.cost)} → ${money(diff.after.cost)}; finish ${diff.before.finish ?? '—'} → ${diff.after.finish ?? '—'} (last week with milestone work ${diff.before.finishWeek ?? '—'} → ${diff.after.finishWeek ?? '—'}); ${diff.addedGpuHours} GPU-hours newly booked, ${diff.removedGpuHours} no longer booked.`,
  );
  return lines;
}
