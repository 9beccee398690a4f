/** The `gpu-planner plan show --json` shape of a plan (docs/cli.md), with a few extra fields. */
import { compareScenarios } from '../../../shared/domain/plan/scenarios';
import type { Plan, Scenario } from '../../../shared/domain/plan/types';
import type { PlanView } from '../../../shared/ipc/contract/plan';

/** The `plan show --json` shape of any plan (the current one, a scenario's, a suggested schedule). */
export function describePlan(plan: Plan, v: PlanView, planScenarios: Scenario[] = []) {
  const coverage = new Map(v.analysis.phases.map((p) => [p.phaseId, p]));
  const ranges = v.analysis.ranges ?? null;
  const rangeOf = new Map((ranges?.milestones ?? []).map((r) => [r.milestoneId, r]));
  const byWeek = new Map<string, typeof plan.allocations>();
  for (const a of plan.allocations) byWeek.set(a.week, [...(byWeek.get(a.week) ?? []), a]);
  return {
    project: {
      id: plan.project.id,
      name: plan.project.name,
      start: plan.project.start,
      end: plan.project.end,
      currency: plan.project.currency,
      budget: plan.project.budget,
      budgetSource: plan.project.budgetSource,
    },
    tracks: plan.tracks.map((t) => ({
      id: t.id,
      name: t.name,
      owner: t.owner,
      focus: t.focus,
      colour: t.colour,
      start: t.start,
      end: t.end,
    })),
    milestones: plan.milestones.map((m) => {
      const starts = m.phases.map((p) => p.start).sort();
      const ends = m.phases.map((p) => p.end).sort();
      const needed = m.phases.map((p) => coverage.get(p.id)?.neededHours ?? 0);
      const main = m.phases[needed.indexOf(Math.max(...needed))] ?? m.phases[0];
      const usd = m.phases.reduce(
        (s, p) =>
          s +
          (p.appEstimate ? Number(p.appEstimate.usd) : p.authorEstimate ? (p.authorEstimate.usd.low + p.authorEstimate.usd.high) / 2 : 0),
        0,
      );
      return {
        id: m.id,
        trackId: m.trackId,
        code: m.code,
        name: m.name,
        // the milestones it comes after (ids), [] when none
        dependsOn: m.dependsOn ?? [],
        start: starts[0] ?? null,
        end: ends[ends.length - 1] ?? null,
        offeringId: main?.offeringId ?? null,
        estimatedHours: Math.round(needed.reduce((s, h) => s + h, 0) * 100) / 100,
        estimatedUsd: usd.toFixed(2),
        estimateBasis: m.phases.map((p) => `${p.name}: ${coverage.get(p.id)?.neededBasis ?? 'no estimate'}`).join('; '),
        // P10–P50–P90 of its GPU-hours, cost (project's currency) and last day (issue 29 item 5; rules in ranges.rules)
        range: rangeOf.has(m.id)
          ? {
              hours: rangeOf.get(m.id)!.hours,
              cost: rangeOf.get(m.id)!.cost,
              plannedEnd: rangeOf.get(m.id)!.plannedEnd,
              end: rangeOf.get(m.id)!.end,
            }
          : null,
        phases: m.phases.map((p) => ({
          id: p.id,
          name: p.name,
          start: p.start,
          end: p.end,
          offeringId: p.offeringId,
          gpuId: p.gpuId,
          runs: p.runs,
          estimatedHours: coverage.get(p.id)?.neededHours ?? null,
          allocatedHours: coverage.get(p.id)?.allocatedHours ?? 0,
          authorEstimate: p.authorEstimate,
          appEstimate: p.appEstimate,
          range: rangeOf.get(m.id)?.phases.find((r) => r.phaseId === p.id) ?? null,
        })),
      };
    }),
    weeks: v.analysis.totals.weeks.map((w) => ({
      week: w.week,
      start: w.start,
      allocations: (byWeek.get(w.week) ?? []).map((a) => ({
        trackId: a.trackId,
        offeringId: a.offeringId,
        gpuId: a.gpuId,
        gpuCount: a.gpuCount,
        hours: a.hours,
        usd: v.analysis.totals.allocationUsd[a.id] ?? '0.00',
      })),
      gpuHours: w.gpuHours,
      usd: w.usd,
      cumulativeUsd: w.cumulativeUsd,
      budgetShareUsd: w.budgetShareUsd,
      storageUsd: w.storageUsd,
      transferUsd: w.transferUsd,
      allCostsUsd: w.allCostsUsd,
    })),
    conflicts: v.analysis.problems.map((p) => ({
      kind: p.kind,
      week: p.week ?? null,
      message: p.message,
      severity: p.severity,
      trackId: p.trackId ?? null,
      milestoneId: p.milestoneId ?? null,
    })),
    totals: {
      /** The currency of every amount of the plan (the project's; the `usd` names are historical). */
      currency: v.analysis.totals.currency,
      gpuHours: v.analysis.totals.gpuHours,
      usd: v.analysis.totals.usd,
      budget: v.analysis.totals.budget,
      remainingUsd: v.analysis.totals.remainingUsd,
      storageUsd: v.analysis.totals.storageUsd,
      transferUsd: v.analysis.totals.transferUsd,
      allCostsUsd: v.analysis.totals.allCostsUsd,
      remainingAllCostsUsd: v.analysis.totals.remainingAllCostsUsd,
    },
    /** The plan's total and finish as P10–P90, how likely the budget holds, and the rules (issue 29 item 5). */
    ranges: ranges
      ? {
          currency: ranges.currency,
          total: ranges.total,
          plannedTotal: ranges.plannedTotal,
          finish: ranges.finish,
          budget: ranges.budget,
          budgetHolds: ranges.budgetHolds,
          samples: ranges.samples,
          seed: ranges.seed,
          rules: ranges.rules,
        }
      : null,
    subscriptions: v.analysis.totals.subscriptions,
    dataCosts: v.analysis.totals.dataCosts.lines,
    dataCostRule: v.analysis.totals.dataCosts.rule,
    /** How the catalog's USD prices became the project's currency, week by week (null: the project is in USD). */
    conversion: v.analysis.totals.conversion,
    pools: plan.pools.map((p) => ({
      id: p.id,
      name: p.name,
      capacity: p.capacity,
      unit: p.unit,
      offeringIds: p.offeringIds,
      gpuIds: p.gpuIds,
    })),
    scenarios: compareScenarios(plan, planScenarios, v.catalog),
    costRule:
      'usd = hours × gpuCount × (hourly price ÷ offering GPUs); a subscription costs its fee once per calendar month it is booked (a week in the month of its Thursday) plus the whole top-up packs its bookings need beyond the allowance (units = hours × gpuCount × units per hour), shared by those bookings in proportion to their units (see subscriptions); catalog price of the planned kind, else the planned price',
    claims: plan.claims,
    notes: plan.notes,
  };
}
