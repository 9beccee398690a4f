/**
 * Side-by-side comparison of two or three plans (the current plan and scenarios): the summary of each (cost, finish,
 * GPU-hours, problems) and, week by week, what each plan books against the first one — what moved.
 */
import Big from 'big.js';
import { analyzePlan } from './checks';
import { summarizePlan, type ScenarioSummary, inCurrencyOf } from './scenarios';
import { round2 } from './totals';
import type { Plan, PlanCatalog, Scenario } from './types';
import { weekEnd, weekStart } from './weeks';

export interface ComparedPlan {
  /** null = the project's current plan. */
  scenarioId: string | null;
  name: string;
  plan: Plan;
  scenario?: Scenario;
}

export interface BookingChange {
  trackId: string;
  trackName: string;
  /** Offering id, or the GPU type when only a type is booked. */
  what: string;
  /** GPU-hours (hours × GPUs) in the reference plan and in this one. */
  before: number;
  after: number;
}

export interface WeekComparison {
  week: string;
  start: string;
  /** Per compared plan, in order. */
  plans: Array<{ gpuHours: number; usd: string; deltaGpuHours: number; deltaUsd: string; changes: BookingChange[] }>;
}

export interface PlanComparison {
  summaries: ScenarioSummary[];
  /** Finish date (Sunday of the last booked week) per plan, or null. */
  finish: Array<string | null>;
  weeks: WeekComparison[];
  /** Weeks in which some plan differs from the first. */
  changedWeeks: number;
}

const keyOf = (a: { trackId: string; offeringId: string | null; gpuId: string }) => `${a.trackId}|${a.offeringId ?? `gpu:${a.gpuId}`}`;

/** Compares plans[1..] with plans[0], week by week. */
export function comparePlans(compared: ComparedPlan[], catalog: PlanCatalog): PlanComparison {
  // Every plan in the first one's currency (a scenario keeps the project copy it was made from).
  const plans = compared.map((p) => (compared[0] ? { ...p, plan: inCurrencyOf(compared[0].plan, p.plan) } : p));
  const analyses = plans.map((p) => analyzePlan(p.plan, catalog));
  const summaries = plans.map((p) =>
    summarizePlan(p.plan, catalog, { scenarioId: p.scenarioId, name: p.name, ...(p.scenario ? { scenario: p.scenario } : {}) }),
  );
  const weekSet = new Set<string>();
  for (const a of analyses) for (const w of a.totals.weeks) if (w.gpuHours > 0 || new Big(w.usdExact).gt(0)) weekSet.add(w.week);
  for (const p of plans) for (const a of p.plan.allocations) weekSet.add(a.week);
  const weeks = [...weekSet].sort();
  const bookings = plans.map((p) => {
    const byWeek = new Map<string, Map<string, number>>();
    for (const a of p.plan.allocations) {
      const m = byWeek.get(a.week) ?? new Map<string, number>();
      m.set(keyOf(a), round2((m.get(keyOf(a)) ?? 0) + a.hours * a.gpuCount));
      byWeek.set(a.week, m);
    }
    return byWeek;
  });
  const trackNames = new Map<string, string>();
  for (const p of plans) for (const t of p.plan.tracks) if (!trackNames.has(t.id)) trackNames.set(t.id, t.name);
  let changedWeeks = 0;
  const rows: WeekComparison[] = weeks.map((week) => {
    const totals = analyses.map((a) => a.totals.weeks.find((w) => w.week === week));
    const ref = totals[0];
    const refBook = bookings[0]!.get(week) ?? new Map<string, number>();
    let changed = false;
    const perPlan = plans.map((_, i) => {
      const t = totals[i];
      const gpuHours = t?.gpuHours ?? 0;
      const usd = t?.usd ?? '0.00';
      const book = bookings[i]!.get(week) ?? new Map<string, number>();
      const changes: BookingChange[] = [];
      if (i > 0) {
        for (const key of new Set([...refBook.keys(), ...book.keys()])) {
          const before = refBook.get(key) ?? 0;
          const after = book.get(key) ?? 0;
          if (Math.abs(before - after) < 0.005) continue;
          const [trackId, what] = key.split('|') as [string, string];
          changes.push({ trackId, trackName: trackNames.get(trackId) ?? trackId, what: what.replace(/^gpu:/, ''), before, after });
        }
        if (changes.length > 0) changed = true;
      }
      return {
        gpuHours,
        usd,
        deltaGpuHours: round2(gpuHours - (ref?.gpuHours ?? 0)),
        deltaUsd: new Big(t?.usdExact ?? 0).minus(ref?.usdExact ?? 0).toFixed(2),
        changes: changes.sort((a, b) => a.trackName.localeCompare(b.trackName) || a.what.localeCompare(b.what)),
      };
    });
    if (changed) changedWeeks++;
    return { week, start: weekStart(week), plans: perPlan };
  });
  const finish = summaries.map((s) => (s.lastWeek ? weekEnd(s.lastWeek) : null));
  return { summaries, finish, weeks: rows, changedWeeks };
}
