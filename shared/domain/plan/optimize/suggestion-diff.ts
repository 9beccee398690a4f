/**
 * A diff before anything changes (issue 27 item 3): what a suggestion changes against the current plan, per milestone
 * (dates, offering, GPU, GPU-hours, cost) and in total (cost and finish, before and after, and the GPU-hours moved).
 * Pure; costs are the plan's own (computeTotals: allocation costs in the project's currency), so the diff adds up to
 * what the plan and the suggestion cost. The Suggest panel, `plan optimize --json` (`diff`), the CLI text and the
 * PDF's "What moved" all show this one value.
 */
import Big from 'big.js';
import { shownCents } from '../../apportion';
import { milestoneSpan } from '../milestone-dependencies';
import { computeTotals } from '../totals';
import type { Milestone, Plan, PlanCatalog } from '../types';

export type MilestoneChange = 'dates' | 'offering' | 'gpu' | 'gpu-hours' | 'cost';

export interface MilestoneSide {
  start: string | null;
  end: string | null;
  offeringIds: string[];
  gpuIds: string[];
  /** GPU-hours booked toward the milestone's phases. */
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
  /** Every milestone the suggestion changes, in the plan's order (unchanged ones left out). */
  milestones: MilestoneDiff[];
  before: PlanSide;
  after: PlanSide;
  /** GPU-hours of milestone work the suggestion takes away from where they are booked, and books where they are not. */
  removedGpuHours: number;
  addedGpuHours: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const uniq = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => x !== null))].sort();

function sides(plan: Plan, catalog: PlanCatalog) {
  const totals = computeTotals(plan, catalog);
  const phaseOf = new Map<string, Milestone>();
  for (const m of plan.milestones) for (const p of m.phases) phaseOf.set(p.id, m);
  const work = new Map<string, { gpuHours: number; cost: Big }>();
  const cells = new Map<string, number>();
  let finishWeek: string | null = null;
  for (const a of plan.allocations) {
    const m = a.phaseId ? phaseOf.get(a.phaseId) : undefined;
    if (!m) continue;
    const w = work.get(m.id) ?? { gpuHours: 0, cost: new Big(0) };
    w.gpuHours += a.hours * a.gpuCount;
    w.cost = w.cost.plus(totals.allocationUsd[a.id] ?? '0');
    work.set(m.id, w);
    const cell = `${a.phaseId}|${a.offeringId ?? a.gpuId}|${a.week}`;
    cells.set(cell, (cells.get(cell) ?? 0) + a.hours * a.gpuCount);
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
  for (const m of current.milestones) {
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
      (k) => m.phases.some((p) => k.startsWith(`${p.id}|`)) && Math.abs((a.cells.get(k) ?? 0) - (b.cells.get(k) ?? 0)) >= 0.01,
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

/** The diff in sentences, one per changed milestone, then the totals (CLI text, the PDF's "What moved"). */
export function diffLines(diff: SuggestionDiff, name: (offeringId: string) => string, money: (amount: string) => string): string[] {
  const lines = diff.milestones.map((m) => {
    const parts: string[] = [];
    if (m.changes.includes('dates')) parts.push(`dates ${m.before.start} → ${m.before.end} become ${m.after.start} → ${m.after.end}`);
    if (m.changes.includes('offering') || m.changes.includes('gpu'))
      parts.push(`hardware ${m.before.offeringIds.map(name).join(', ') || '—'} becomes ${m.after.offeringIds.map(name).join(', ') || '—'}`);
    if (m.changes.includes('gpu-hours'))
      parts.push(
        m.before.gpuHours === m.after.gpuHours
          ? `its ${m.after.gpuHours} GPU-hours move to other weeks`
          : `GPU-hours ${m.before.gpuHours} → ${m.after.gpuHours}`,
      );
    if (m.changes.includes('cost')) parts.push(`cost ${money(m.before.cost)} → ${money(m.after.cost)}`);
    return `${m.code} ${m.name}: ${parts.join('; ')}.`;
  });
  lines.push(
    `Plan: cost ${money(diff.before.cost)} → ${money(diff.after.cost)}; finish ${diff.before.finish ?? '—'} → ${diff.after.finish ?? '—'} (last booked week ${diff.before.finishWeek ?? '—'} → ${diff.after.finishWeek ?? '—'}); ${diff.addedGpuHours} GPU-hours booked, ${diff.removedGpuHours} unbooked.`,
  );
  return lines;
}
