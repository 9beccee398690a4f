/**
 * Scenarios: a plan copied and varied (other hardware, scaled hours), compared side by side in total cost,
 * duration and risk (the problems the checks find, plus the author's own words).
 */
import { analyzePlan } from './checks';
import { round2 } from './totals';
import type { Allocation, Plan, PlanCatalog, Scenario } from './types';
import { addWeeksToKey, daysInclusive, HOURS_PER_WEEK, weekEnd, weekStart } from './weeks';

/** How a scenario differs from its base plan. */
export interface VariationSpec {
  /** Move bookings and milestone phases from one offering to another. */
  offeringMap: Record<string, string>;
  /** Hours on the new offering = hours on the old × factor (a slower GPU needs more hours); by old offering id. */
  hoursFactor: Record<string, number>;
  /** GPU id of each target offering (so the copy stays consistent when the catalog is not at hand). */
  targetGpu: Record<string, string>;
  /** Only allocations serving a milestone phase are rescaled (prototyping sessions keep their hours). */
  scaleOnlyMilestoneWork: boolean;
  /** Hours over 168 in a week spill into the following weeks (the plan gets longer instead of impossible). */
  spill: boolean;
}

export const noVariation: VariationSpec = { offeringMap: {}, hoursFactor: {}, targetGpu: {}, scaleOnlyMilestoneWork: true, spill: true };

function prefixIds(plan: Plan, prefix: string): Plan {
  const phaseIds = new Map<string, string>();
  for (const m of plan.milestones) for (const p of m.phases) phaseIds.set(p.id, `${prefix}${p.id}`);
  return {
    ...plan,
    allocations: plan.allocations.map((a) => ({
      ...a,
      id: `${prefix}${a.id}`,
      phaseId: a.phaseId ? (phaseIds.get(a.phaseId) ?? a.phaseId) : null,
    })),
    milestones: plan.milestones.map((m) => ({
      ...m,
      id: `${prefix}${m.id}`,
      phases: m.phases.map((p) => ({ ...p, id: phaseIds.get(p.id)! })),
      ...(m.dependsOn ? { dependsOn: m.dependsOn.map((id) => `${prefix}${id}`) } : {}),
    })),
  };
}

/** A copy of the plan with the variation applied. Ids of milestones and allocations get the scenario's prefix. */
export function deriveScenarioPlan(base: Plan, variation: VariationSpec, idPrefix: string): Plan {
  const plan = JSON.parse(JSON.stringify(base)) as Plan;
  const mapped: Allocation[] = [];
  for (const a of plan.allocations) {
    const to = a.offeringId ? variation.offeringMap[a.offeringId] : undefined;
    if (!to || !a.offeringId) {
      mapped.push(a);
      continue;
    }
    const factor = !variation.scaleOnlyMilestoneWork || a.phaseId ? (variation.hoursFactor[a.offeringId] ?? 1) : 1;
    mapped.push({
      ...a,
      offeringId: to,
      gpuId: variation.targetGpu[to] ?? a.gpuId,
      hours: round2(a.hours * factor),
      note: `${a.note ?? ''}${a.note ? ' ' : ''}[scenario: was ${a.hours} h on ${a.offeringId}, × ${factor}]`,
    });
  }
  // Merge bookings that now share track × week × offering, then spill hours over a full week into the next weeks.
  const merged = new Map<string, Allocation>();
  for (const a of mapped) {
    const key = `${a.trackId}|${a.week}|${a.offeringId}|${a.gpuId}`;
    const prev = merged.get(key);
    if (prev)
      merged.set(key, { ...prev, hours: round2(prev.hours + a.hours), note: [prev.note, a.note].filter(Boolean).join(' ') || null });
    else merged.set(key, { ...a });
  }
  let list = [...merged.values()].sort((x, y) => (x.week < y.week ? -1 : x.week > y.week ? 1 : 0));
  if (variation.spill) {
    const byKey = new Map<string, Allocation>();
    for (const a of list) byKey.set(`${a.trackId}|${a.week}|${a.offeringId}|${a.gpuId}`, a);
    let guard = 0;
    for (let i = 0; i < list.length && guard < 10000; i++, guard++) {
      const a = list[i]!;
      if (a.hours <= HOURS_PER_WEEK) continue;
      const excess = round2(a.hours - HOURS_PER_WEEK);
      a.hours = HOURS_PER_WEEK;
      const week = addWeeksToKey(a.week, 1);
      const key = `${a.trackId}|${week}|${a.offeringId}|${a.gpuId}`;
      const next = byKey.get(key);
      if (next) next.hours = round2(next.hours + excess);
      else {
        const created: Allocation = {
          ...a,
          id: `${a.id}-spill-${week}`,
          week,
          hours: excess,
          note: `spilled from ${a.week} (more than ${HOURS_PER_WEEK} h)`,
        };
        byKey.set(key, created);
        list.push(created);
      }
      list = list.sort((x, y) => (x.week < y.week ? -1 : x.week > y.week ? 1 : 0));
      i = -1;
    }
  }
  plan.allocations = list;
  plan.milestones = plan.milestones.map((m) => ({
    ...m,
    phases: m.phases.map((p) => {
      const to = p.offeringId ? variation.offeringMap[p.offeringId] : undefined;
      if (!to || !p.offeringId) return p;
      const f = variation.hoursFactor[p.offeringId] ?? 1;
      const scale = (r: { low: number; high: number } | null) => (r ? { low: round2(r.low * f), high: round2(r.high * f) } : null);
      return {
        ...p,
        offeringId: to,
        gpuId: variation.targetGpu[to] ?? p.gpuId,
        appEstimate: null,
        authorEstimate: p.authorEstimate
          ? {
              ...p.authorEstimate,
              hours: scale(p.authorEstimate.hours)!,
              hoursPerRun: scale(p.authorEstimate.hoursPerRun),
              text: `${p.authorEstimate.text} [scenario: hours × ${f} for ${to}]`,
            }
          : null,
      };
    }),
  }));
  return prefixIds(plan, idPrefix);
}

export interface ScenarioSummary {
  scenarioId: string | null;
  name: string;
  usd: string;
  gpuHours: number;
  firstWeek: string | null;
  lastWeek: string | null;
  /** Calendar days from the Monday of the first booked week to the Sunday of the last. */
  durationDays: number | null;
  /** The busiest track's booked GPU-hours ÷ 24: days of round-the-clock compute, comparable with the author's "total time". */
  computeDays: number;
  errors: number;
  warnings: number;
  problemKinds: Record<string, number>;
  authorUsd: { low: number; high: number } | null;
  authorDays: { low: number; high: number } | null;
  authorRisk: string | null;
}

export function summarizePlan(
  plan: Plan,
  catalog: PlanCatalog,
  meta: { scenarioId: string | null; name: string; scenario?: Scenario },
): ScenarioSummary {
  const analysis = analyzePlan(plan, catalog);
  const booked = plan.allocations
    .filter((a) => a.hours > 0)
    .map((a) => a.week)
    .sort();
  const first = booked[0] ?? null;
  const last = booked[booked.length - 1] ?? null;
  const perTrack = new Map<string, number>();
  for (const a of plan.allocations) perTrack.set(a.trackId, (perTrack.get(a.trackId) ?? 0) + a.hours * a.gpuCount);
  const computeDays = Math.round((Math.max(0, ...perTrack.values()) / 24) * 10) / 10;
  const kinds: Record<string, number> = {};
  for (const p of analysis.problems) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
  return {
    scenarioId: meta.scenarioId,
    name: meta.name,
    usd: analysis.totals.allCostsUsd, // GPU + storage + transfer, as the plan, budget and brief show it
    gpuHours: analysis.totals.gpuHours,
    firstWeek: first,
    lastWeek: last,
    durationDays: first && last ? daysInclusive(weekStart(first), weekEnd(last)) : null,
    computeDays,
    errors: analysis.problems.filter((p) => p.severity === 'error').length,
    warnings: analysis.problems.filter((p) => p.severity === 'warning').length,
    problemKinds: kinds,
    authorUsd: meta.scenario?.author?.usd ?? null,
    authorDays: meta.scenario?.author?.days ?? null,
    authorRisk: meta.scenario?.author?.risk ?? null,
  };
}

export function compareScenarios(base: Plan, scenarios: Scenario[], catalog: PlanCatalog): ScenarioSummary[] {
  return [
    summarizePlan(base, catalog, { scenarioId: null, name: 'Current plan' }),
    ...scenarios.map((s) => summarizePlan(inCurrencyOf(base, s.plan), catalog, { scenarioId: s.id, name: s.name, scenario: s })),
  ];
}

/**
 * A scenario's plan costed in its project's currency (a scenario keeps the copy of the project it was made from; after
 * the project changes currency its figures must still be compared in one currency, never USD labelled as euros).
 */
export function inCurrencyOf(base: Plan, plan: Plan): Plan {
  return plan.project.currency === base.project.currency
    ? plan
    : { ...plan, project: { ...plan.project, currency: base.project.currency } };
}

/**
 * A scenario's plan with its project's money: the project's currency and budget, one of each per project (issue 25).
 * A scenario keeps the copy of the project it was made from, which a later currency switch or budget edit leaves
 * behind; opened, compared, edited or promoted, it reads the project's.
 */
export function withProjectMoney(money: { currency: string; budget: string }, plan: Plan): Plan {
  const { currency, budget } = money;
  return plan.project.currency === currency && plan.project.budget === budget
    ? plan
    : { ...plan, project: { ...plan.project, currency, budget } };
}

/** What names and describes a scenario, without its plan (lists, the plan view's header, the plan file). */
export type ScenarioInfo = Pick<Scenario, 'id' | 'name' | 'description' | 'variation' | 'author' | 'createdAt'>;

export function scenarioInfo(s: ScenarioInfo): ScenarioInfo {
  return { id: s.id, name: s.name, description: s.description, variation: s.variation, author: s.author, createdAt: s.createdAt };
}
