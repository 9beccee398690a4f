/**
 * The review report: one pure assembly of the plan, its analysis, the estimator's answers across the catalog, the
 * catalog's dated prices and (when there is any) the budget's actuals. Every figure carries where it comes from.
 * The print view renders it; main builds it from the services (electron/services/report).
 */
import { readableSource } from './readable-source';
import type { RunRate } from '../plan/run-rate';
import Big from 'big.js';
import type { Price } from '../catalog';
import type { PlanView } from '../../ipc/contract/plan';
import { weekStart as mondayOf, weekEnd as sundayOf } from '../plan/weeks';
import {
  buildBrief,
  constantWords,
  costRuleWords,
  CONSTANT_GROUP_WORDS,
  gpuShortName,
  humanize,
  offerLabel,
  problemKindWords,
  type Brief,
  type NameBook,
  type ScenarioSummary,
} from './brief';

import { reportDataCosts, type ReportDataCosts } from './report-data-costs';
import { allCostsCumulative } from '../plan/totals';

export const REPORT_SECTIONS = [
  { id: 'summary', title: 'Executive summary' },
  { id: 'tracks', title: 'Tracks and owners' },
  { id: 'milestones', title: 'Milestones' },
  { id: 'timeline', title: 'Weekly allocation timeline' },
  { id: 'hardware', title: 'Hardware recommendations' },
  { id: 'costs', title: 'Cost by track, month and provider' },
  { id: 'budget', title: 'Budget against actual' },
  { id: 'assumptions', title: 'Assumptions and estimation model' },
  { id: 'prices', title: 'Catalog prices used' },
  { id: 'problems', title: 'Open problems' },
  { id: 'next-steps', title: 'Next steps' },
] as const;
export type ReportSectionId = (typeof REPORT_SECTIONS)[number]['id'];
export const REPORT_SECTION_IDS = REPORT_SECTIONS.map((s) => s.id) as [ReportSectionId, ...ReportSectionId[]];

export interface Range {
  low: number;
  high: number;
}
export interface Sourced {
  source: string;
}

/** One alternative of the estimator for a phase's workload (cheapest priced offering per GPU). */
export interface HardwareAlternative {
  gpuId: string;
  gpuName: string;
  offeringId: string;
  offering: string;
  priceKind: string;
  hoursPerRun: number;
  usdPerRun: string;
  fits: boolean;
  requiredGiB: number;
  gpuMemoryGiB: number;
  bound: string;
  planned: boolean;
  priceAsOf: string;
  priceSource: string;
}

export interface PhaseEstimateInput {
  phaseId: string;
  /** the estimator's answer across the catalog, reduced to what the report shows, or null without a workload. */
  workloadLabel: string | null;
  alternatives: HardwareAlternative[];
  error: string | null;
}

export interface BudgetInput {
  /** false while the budget domain has no service or no imported billing data. */
  available: boolean;
  message: string;
  actualUsd: string | null;
  actualByMonth: Array<{ month: string; usd: string }>;
  /** actual cumulative spend per ISO week (null after the data's last date). */
  actualCumulativeByWeek: Record<string, number | null>;
  forecastUsd: string | null;
  forecastBasis: string | null;
  status: string | null;
  alerts: string[];
  source: string;
  /** imported billing lines that do not count for this project (outside its window or not allocated to a track). */
  otherLines: number;
  /** the project's month budgets (YYYY-MM → amount), when the budget domain has them. */
  budgetByMonth?: Record<string, string>;
}

/** The budget section: the budget input with the plan's budget line and its burn-up. */
export interface ReportBudget extends BudgetInput {
  budgetUsd: string;
  burnUp: Array<{ week: string; plannedCumulativeUsd: number; budgetLineUsd: number }>;
}

export interface CatalogOfferingInput {
  id: string;
  providerName: string;
  sku: string;
  gpuId: string;
  gpuCount: number;
  prices: Array<Pick<Price, 'kind' | 'usd' | 'per' | 'usdLow' | 'usdHigh' | 'asOf' | 'source'>>;
}

/** A row of the scenario comparison with the author's own figures for it. */
export interface ReportScenarioRow extends ScenarioSummary {
  authorUsd: Range | null;
  authorDays: Range | null;
  authorRisk: string | null;
}

export interface ReportInputs {
  view: PlanView;
  scenarios: ReportScenarioRow[];
  scenarioId: string | null;
  offerings: CatalogOfferingInput[];
  gpus: Array<{ id: string; name: string; memoryGiB: number; source: string }>;
  phaseEstimates: PhaseEstimateInput[];
  budget: BudgetInput;
  constants: { efficiency: Record<string, number>; memory: Record<string, number>; cost: Record<string, number> };
  calibration: { summary: string; source: string; rows: Array<{ workload: string; measured: number; model: number; ratio: number }> };
  costRule: string;
  generatedAt: string;
  appVersion: string;
  sections?: ReportSectionId[] | undefined;
  /** The project's setups per run / month / year (seed 003's example), when it defines any. */
  runRates?: RunRate[] | undefined;
  /** the claims evaluated now (shared/domain/claims): the app's figure beside the author's; absent → stored verdicts. */
  claimEvaluations?: Array<{ claimId: string; verdict: string; authorText: string; appText: string; stale: boolean }> | undefined;
}

export interface ReportMilestonePhase {
  milestoneId: string;
  code: string;
  milestone: string;
  phaseId: string;
  phase: string;
  trackName: string;
  owner: string;
  start: string;
  end: string;
  gpuId: string | null;
  hardware: string;
  runs: Range;
  appHours: number | null;
  appHoursPerRun: number | null;
  appUsd: string | null;
  appBasis: string;
  allocatedHours: number;
  /** every GPU-hour booked on the phase's track and hardware in its weeks (no cap at what it needs). */
  bookedHours: number;
  authorHours: Range | null;
  authorUsd: Range | null;
  authorText: string | null;
}

export interface ReportModel {
  generatedAt: string;
  /** The document's title (PDF metadata and the first heading). */
  title: string;
  brief: Brief;
  sections: ReportSectionId[];
  cover: {
    projectId: string;
    projectName: string;
    description: string;
    scenario: string;
    scenarioId: string | null;
    date: string;
    revision: number;
    appVersion: string;
    start: string;
    end: string;
    currency: string;
  };
  summary: {
    /** GPU + storage + transfer (the same total as the Plan's weekly totals and the Budget screen). */
    plannedUsd: string;
    /** The GPU part of it (the costs section's total). */
    plannedGpuUsd: string;
    plannedGpuHours: number;
    appMilestoneUsd: { low: string; high: string };
    /** GPU-hours of the milestone runs by the app's estimate, runs low … high. */
    appMilestoneHours: { low: number; high: number };
    /** Phases the app estimated whose price is a subscription or purchase: their runs cost nothing per hour. */
    appPhasesWithoutHourlyPrice: number;
    authorMilestoneUsd: Range;
    budgetUsd: string;
    remainingUsd: string;
    budgetStatus: 'within' | 'over';
    /** The status in words with its tone: open errors make "within budget" a warning, never green. */
    status: { label: string; tone: 'good' | 'warn' | 'bad' };
    budgetSource: string;
    durationDays: number;
    firstWeek: string | null;
    lastWeek: string | null;
    topRisks: Array<{ severity: string; message: string }>;
    errors: number;
    warnings: number;
    costRule: string;
  };
  tracks: Array<{
    id: string;
    name: string;
    owner: string;
    focus: string;
    start: string;
    end: string;
    colour: string;
    gpuHours: number;
    usd: string;
  }>;
  milestones: ReportMilestonePhase[];
  /** Storage and data transfer: own lines, never in the GPU cost (issue 19 item 15). */
  dataCosts: ReportDataCosts;
  timeline: {
    tracks: Array<{ id: string; name: string; colour: string }>;
    weeks: Array<{
      week: string;
      start: string;
      hoursByTrack: Record<string, number>;
      gpuHours: number;
      usd: string;
      cumulativeUsd: string;
      cumulativeBudgetUsd: string;
    }>;
  };
  allocations: Array<{
    week: string;
    track: string;
    gpuId: string;
    gpuCount: number;
    offeringId: string | null;
    hours: number;
    usd: string;
    note: string | null;
  }>;
  recommendations: Array<{
    phaseId: string;
    title: string;
    workload: string | null;
    planned: string;
    recommended: HardwareAlternative | null;
    alternatives: HardwareAlternative[];
    why: string[];
    error: string | null;
  }>;
  costs: {
    byTrack: Array<{ key: string; usd: string; gpuHours: number }>;
    byMonth: Array<{ key: string; usd: string; gpuHours: number }>;
    byProvider: Array<{ key: string; usd: string; gpuHours: number }>;
    total: string;
  };
  budget: ReportBudget;
  assumptions: {
    planNotes: string[];
    costRule: string;
    constants: Array<{ group: string; name: string; value: number }>;
    calibration: ReportInputs['calibration'];
    claims: Array<{ quote: string; where: string; verdict: string; explanation: string; authorFigure: string; appFigure: string }>;
    scenarios: ReportInputs['scenarios'];
    runRates: RunRate[];
  };
  prices: Array<{
    offeringId: string;
    provider: string;
    sku: string;
    gpuId: string;
    kind: string;
    usd: string;
    per: string;
    asOf: string;
    source: string;
    usedFor: string;
  }>;
  problems: Array<{ severity: string; kind: string; kindWords: string; week: string | null; message: string }>;
  nextSteps: Array<{ text: string; source: string }>;
}

const money = (v: Big | string | number) => new Big(v).toFixed(2);
const sum = (values: Array<string | number>) => values.reduce<Big>((s, v) => s.plus(v), new Big(0));
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

function group<T>(items: T[], key: (t: T) => string, usd: (t: T) => string, hours: (t: T) => number) {
  const m = new Map<string, { usd: Big; gpuHours: number }>();
  for (const item of items) {
    const k = key(item);
    const g = m.get(k) ?? { usd: new Big(0), gpuHours: 0 };
    g.usd = g.usd.plus(usd(item));
    g.gpuHours += hours(item);
    m.set(k, g);
  }
  return [...m.entries()].map(([k, g]) => ({ key: k, usd: money(g.usd), gpuHours: round(g.gpuHours) }));
}

/** A cheaper rental worth a next step: saves at least 20% and $1 per run against the planned offering. */
function materiallyCheaper(planned: HardwareAlternative | undefined, cheaper: HardwareAlternative): boolean {
  if (!planned) return true;
  if (planned.offeringId === cheaper.offeringId) return false;
  const saving = Number(planned.usdPerRun) - Number(cheaper.usdPerRun);
  return saving >= 1 && saving >= 0.2 * Number(planned.usdPerRun);
}

export function assembleReportModel(input: ReportInputs): ReportModel {
  const { view } = input;
  const { plan, analysis } = view;
  const project = plan.project;
  const trackById = new Map(plan.tracks.map((t) => [t.id, t]));
  const offeringById = new Map(input.offerings.map((o) => [o.id, o]));
  const gpuName = (id: string | null) => (id ? gpuShortName(input.gpus.find((g) => g.id === id)?.name ?? id) : '—');
  const offeringLabel = (id: string | null) => {
    const o = id ? offeringById.get(id) : undefined;
    return o ? offerLabel(o.providerName, o.sku, input.gpus.find((g) => g.id === o.gpuId)?.name) : id ? id : 'no offer chosen';
  };
  // Ids never reach the text a person reads: GPUs, offers, pools and tracks by their names.
  const names: NameBook = new Map<string, string>();
  for (const g of input.gpus) names.set(g.id, gpuShortName(g.name));
  for (const o of input.offerings) names.set(o.id, offeringLabel(o.id));
  for (const p of plan.pools) names.set(p.id, p.name);
  for (const t of plan.tracks) names.set(t.id, t.name);
  const words = (text: string) => costRuleWords(humanize(readableSource(text), names));
  const allocationUsd = (id: string) => analysis.totals.allocationUsd[id] ?? '0';
  const coverage = new Map(analysis.phases.map((p) => [p.phaseId, p]));

  const milestones: ReportMilestonePhase[] = plan.milestones.flatMap((m) => {
    const track = trackById.get(m.trackId);
    return m.phases.map((p) => ({
      milestoneId: m.id,
      code: m.code,
      milestone: m.name,
      phaseId: p.id,
      phase: p.name,
      trackName: track?.name ?? m.trackId,
      owner: track?.owner ?? '—',
      start: p.start,
      end: p.end,
      gpuId: p.gpuId,
      hardware: p.gpuId ? `${gpuName(p.gpuId)} · ${offeringLabel(p.offeringId)}` : 'no hardware chosen',
      runs: p.runs,
      appHours: p.appEstimate?.hours ?? null,
      appHoursPerRun: p.appEstimate?.hoursPerRun ?? null,
      appUsd: p.appEstimate ? money(p.appEstimate.usd) : null,
      appBasis: words(p.appEstimate?.basis ?? coverage.get(p.id)?.neededBasis ?? 'no estimate'),
      allocatedHours: round(coverage.get(p.id)?.allocatedHours ?? 0),
      bookedHours: round(coverage.get(p.id)?.bookedHours ?? coverage.get(p.id)?.allocatedHours ?? 0),
      authorHours: p.authorEstimate?.hours ?? null,
      authorUsd: p.authorEstimate?.usd ?? null,
      authorText: p.authorEstimate?.text ?? null,
    }));
  });

  // App's milestone compute over the runs range: per-run cost × runs low … high.
  let appLow = new Big(0);
  let appHigh = new Big(0);
  const appHours = { low: 0, high: 0 };
  let withoutHourlyPrice = 0;
  for (const m of milestones) {
    if (!m.appUsd || !m.appHours || !m.appHoursPerRun) continue;
    const runsUsed = m.appHours / m.appHoursPerRun;
    const perRun = new Big(m.appUsd).div(runsUsed > 0 ? runsUsed : 1);
    appLow = appLow.plus(perRun.times(m.runs.low));
    appHigh = appHigh.plus(perRun.times(m.runs.high));
    appHours.low += m.appHoursPerRun * m.runs.low;
    appHours.high += m.appHoursPerRun * m.runs.high;
    if (new Big(m.appUsd).eq(0)) withoutHourlyPrice += 1;
  }
  const authorRange = milestones.reduce((r, m) => ({ low: r.low + (m.authorUsd?.low ?? 0), high: r.high + (m.authorUsd?.high ?? 0) }), {
    low: 0,
    high: 0,
  });

  const weeks = analysis.totals.weeks;
  const plannedCumulative = allCostsCumulative(weeks).map((v) => v.toFixed(2));
  const severityRank = { error: 0, warning: 1, info: 2 } as const;
  const problems = [...analysis.problems]
    .sort((a, b) => severityRank[a.severity] - severityRank[b.severity] || (a.week ?? '').localeCompare(b.week ?? ''))
    .map((p) => ({
      severity: p.severity,
      kind: p.kind,
      kindWords: problemKindWords(p.kind),
      week: p.week ?? null,
      message: words(p.message),
    }));
  // One figure, one value: the plan's cost is GPU + storage + transfer here as on the Plan and Budget screens.
  const remaining = new Big(analysis.totals.remainingAllCostsUsd);

  const allocations = [...plan.allocations]
    .sort((a, b) => a.week.localeCompare(b.week) || a.trackId.localeCompare(b.trackId))
    .map((a) => ({
      week: a.week,
      track: trackById.get(a.trackId)?.name ?? a.trackId,
      gpuId: gpuName(a.gpuId),
      gpuCount: a.gpuCount,
      offeringId: a.offeringId ? offeringLabel(a.offeringId) : null,
      hours: a.hours,
      usd: money(allocationUsd(a.id)),
      note: a.note ? words(a.note) : null,
    }));
  const weekStart = new Map(weeks.map((w) => [w.week, w.start]));

  const tracks = plan.tracks.map((t) => {
    const own = plan.allocations.filter((a) => a.trackId === t.id);
    return {
      id: t.id,
      name: t.name,
      owner: t.owner,
      focus: t.focus,
      start: t.start,
      end: t.end,
      colour: t.colour,
      gpuHours: round(own.reduce((s, a) => s + a.hours * a.gpuCount, 0)),
      usd: money(sum(own.map((a) => allocationUsd(a.id)))),
    };
  });

  const recommendations = input.phaseEstimates.map((pe) => {
    const m = milestones.find((x) => x.phaseId === pe.phaseId);
    // Rentals only: a purchase's amortized cost per run assumes buying the machine (shown, not recommended).
    const fitting = pe.alternatives.filter((a) => a.fits && a.priceKind !== 'purchase');
    const cheapest = [...fitting].sort((a, b) => Number(a.usdPerRun) - Number(b.usdPerRun) || a.hoursPerRun - b.hoursPerRun)[0] ?? null;
    const fastest = [...fitting].sort((a, b) => a.hoursPerRun - b.hoursPerRun)[0] ?? null;
    const planned = pe.alternatives.find((a) => a.planned) ?? null;
    const why: string[] = [];
    if (planned)
      why.push(
        `Planned: ${planned.gpuName} (${planned.offering}) — ${planned.hoursPerRun.toFixed(2)} h and $${planned.usdPerRun} per run, needs ${planned.requiredGiB.toFixed(1)} of ${planned.gpuMemoryGiB} GiB (${planned.fits ? 'fits' : 'does not fit'}), ${planned.bound}-bound.`,
      );
    if (cheapest)
      why.push(
        `Cheapest rental that fits: ${cheapest.gpuName} (${cheapest.offering}) at $${cheapest.usdPerRun} per run, ${cheapest.hoursPerRun.toFixed(2)} h.`,
      );
    if (fastest)
      why.push(
        `Fastest that fits: ${fastest.gpuName} (${fastest.offering}) at ${fastest.hoursPerRun.toFixed(2)} h per run, $${fastest.usdPerRun}.`,
      );
    if (planned && cheapest && planned.offeringId !== cheapest.offeringId) {
      const extra = new Big(planned.usdPerRun).minus(cheapest.usdPerRun);
      const saved = cheapest.hoursPerRun - planned.hoursPerRun;
      if (extra.abs().lt(0.05)) why.push('The planned choice costs about the same per run as the cheapest rental (within $0.05).');
      else
        why.push(
          `The planned choice costs $${money(extra)} more per run than the cheapest rental${saved >= 0.01 ? `; it saves ${saved.toFixed(2)} h per run.` : ' and is not faster.'}`,
        );
    }
    if (pe.alternatives.some((a) => a.priceKind === 'purchase'))
      why.push(
        "Purchase rows are the machine's price written off over its lifetime (cost assumptions); they are shown for comparison, not recommended.",
      );
    if (planned && planned.bound === 'overhead')
      why.push(
        "The run is bound by per-step overhead, not by the GPU's peak: a faster GPU shortens it far less than its TFLOPS ratio suggests.",
      );
    return {
      phaseId: pe.phaseId,
      title: m ? `${m.code} · ${m.phase}` : pe.phaseId,
      workload: pe.workloadLabel ? words(pe.workloadLabel) : null,
      planned: m?.hardware ?? '—',
      recommended: cheapest,
      alternatives: pe.alternatives,
      why: why.map(words),
      error: pe.error,
    };
  });

  // Each grouping adds up to the plan's total (one figure, one value): the cents lost to rounding each allocation go
  // to the largest row.
  const reconcile = (rows: Array<{ key: string; usd: string; gpuHours: number }>) => {
    if (rows.length === 0) return rows;
    const diff = new Big(analysis.totals.usd).minus(sum(rows.map((r) => r.usd)));
    const largest = rows.reduce((m, r) => (Number(r.usd) > Number(m.usd) ? r : m), rows[0]!);
    largest.usd = money(new Big(largest.usd).plus(diff));
    return rows;
  };
  const costs = {
    byTrack: reconcile(
      group(
        plan.allocations,
        (a) => trackById.get(a.trackId)?.name ?? a.trackId,
        (a) => allocationUsd(a.id),
        (a) => a.hours * a.gpuCount,
      ),
    ),
    byMonth: reconcile(
      group(
        plan.allocations,
        (a) => (weekStart.get(a.week) ?? a.week).slice(0, 7),
        (a) => allocationUsd(a.id),
        (a) => a.hours * a.gpuCount,
      ).sort((a, b) => a.key.localeCompare(b.key)),
    ),
    byProvider: reconcile(
      group(
        plan.allocations,
        (a) => (a.offeringId ? (offeringById.get(a.offeringId)?.providerName ?? a.offeringId) : 'unpriced'),
        (a) => allocationUsd(a.id),
        (a) => a.hours * a.gpuCount,
      ),
    ),
    total: money(analysis.totals.usd),
  };

  // Prices used: every offering the plan books or names, and every alternative the recommendations compare.
  const used = new Map<string, Map<string, Set<string>>>();
  const mark = (id: string | null, use: string, code = '') => {
    if (!id) return;
    const uses = used.get(id) ?? new Map<string, Set<string>>();
    uses.set(use, (uses.get(use) ?? new Set()).add(code));
    used.set(id, uses);
  };
  for (const a of plan.allocations) mark(a.offeringId, 'allocations');
  for (const m of plan.milestones) for (const p of m.phases) mark(p.offeringId, 'plan', m.code);
  for (const r of recommendations) for (const a of r.alternatives) mark(a.offeringId, 'alternatives', r.title.split(' ·')[0]);
  const usedFor = (id: string) =>
    [...(used.get(id) ?? new Map<string, Set<string>>()).entries()]
      .map(([use, codes]) => [use, [...codes].filter(Boolean).join(', ')].filter(Boolean).join(' '))
      .join('; ');
  const prices = [...used.keys()]
    .flatMap((id) => {
      const o = offeringById.get(id);
      if (!o) {
        const planned = plan.plannedPrices.filter((p) => p.offeringId === id);
        return planned.map((p) => ({
          offeringId: id,
          provider: '—',
          sku: 'price as planned',
          gpuId: '—',
          kind: p.kind,
          usd: p.usd,
          per: p.per,
          asOf: p.asOf,
          source: readableSource(p.source),
          usedFor: usedFor(id),
        }));
      }
      return o.prices.map((p) => ({
        offeringId: id,
        provider: o.providerName,
        sku: o.sku,
        gpuId: gpuName(o.gpuId),
        kind: p.kind,
        usd: p.usdLow !== null && p.usdHigh !== null ? `${p.usdLow}–${p.usdHigh}` : String(p.usd),
        per: p.per,
        asOf: p.asOf,
        source: readableSource(p.source),
        usedFor: usedFor(id),
      }));
    })
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.sku.localeCompare(b.sku) || a.kind.localeCompare(b.kind));

  const nextSteps: ReportModel['nextSteps'] = [];
  for (const p of problems.filter((x) => x.severity === 'error'))
    nextSteps.push({ text: `Resolve: ${p.message}`, source: `plan check: ${p.kindWords}` });
  const kinds = new Set(problems.map((p) => p.kind));
  if (kinds.has('pool-concurrency'))
    nextSteps.push({
      text: 'Serialize the bookings that share one notebook session (or add a second account) in the weeks the plan flags.',
      source: 'plan check: more GPUs at once than the account allows',
    });
  const firstMilestone = [...milestones].sort((a, b) => a.start.localeCompare(b.start))[0];
  if (firstMilestone)
    nextSteps.push({
      text: `Before ${firstMilestone.start}: confirm ${firstMilestone.hardware} is available and run one short ${firstMilestone.code} job to check the estimated ${firstMilestone.appHoursPerRun?.toFixed(2) ?? '?'} h per run.`,
      source: `milestone ${firstMilestone.code}`,
    });
  const oldest = prices.filter((p) => /allocations|plan/.test(p.usedFor)).sort((a, b) => a.asOf.localeCompare(b.asOf))[0];
  if (oldest)
    nextSteps.push({
      text: `Re-check the prices the plan is costed at before booking; the oldest is ${offerLabel(oldest.provider, oldest.sku)} ${oldest.kind}, as of ${oldest.asOf}.`,
      source: 'catalog prices',
    });
  if (!input.budget.available) {
    nextSteps.push(
      input.budget.otherLines > 0
        ? {
            text: `Allocate the imported billing lines to this project: ${input.budget.otherLines} are outside its window or not allocated to a track.`,
            source: 'budget overview',
          }
        : { text: 'Import the first billing export so the report can compare actual spend with the plan.', source: 'budget' },
    );
  }
  for (const r of recommendations)
    if (
      r.recommended &&
      materiallyCheaper(
        r.alternatives.find((a) => a.planned),
        r.recommended,
      )
    )
      nextSteps.push({
        text: `${r.title}: consider ${gpuShortName(r.recommended.gpuName)} (${r.recommended.offering}) at $${r.recommended.usdPerRun} per run.`,
        source: 'estimator across the catalog',
      });

  const budgetTotal = Number(analysis.totals.budget);
  // A chosen scenario arrives as its own plan view: every section reports the scenario.
  const scenarioName = input.scenarioId
    ? (input.scenarios.find((s) => s.scenarioId === input.scenarioId)?.name ?? input.scenarioId)
    : 'Current plan';
  // One figure, one value: the duration is the booked span (Monday of the first booked week to Sunday of the last),
  // the same the scenario comparison uses; the report date is the generation date everywhere.
  const bookedWeeks = [...new Set(plan.allocations.filter((a) => a.hours > 0).map((a) => a.week))].sort();
  const bookedFrom = bookedWeeks.length ? mondayOf(bookedWeeks[0]!) : null;
  const bookedTo = bookedWeeks.length ? sundayOf(bookedWeeks[bookedWeeks.length - 1]!) : null;
  const durationDays = bookedFrom && bookedTo ? daysBetween(bookedFrom, bookedTo) : daysBetween(project.start, project.end);
  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const warningCount = problems.filter((p) => p.severity === 'warning').length;
  const over = remaining.lt(0);
  const status: ReportModel['summary']['status'] = over
    ? { label: `Over budget by $${money(remaining.abs())}`, tone: 'bad' }
    : errorCount > 0
      ? { label: `Within budget, ${errorCount} ${errorCount === 1 ? 'error' : 'errors'} open`, tone: 'warn' }
      : { label: 'Within budget', tone: 'good' };
  const cheaperSteps = nextSteps.filter((s) => s.source === 'estimator across the catalog').map((s) => s.text);
  const brief = buildBrief({
    projectName: project.name,
    scenarioName,
    start: project.start,
    end: project.end,
    plannedUsd: money(analysis.totals.allCostsUsd),
    dataCostsUsd: money(new Big(analysis.totals.storageUsd).plus(analysis.totals.transferUsd)),
    budgetUsd: money(analysis.totals.budget),
    budgetByMonth: input.budget.budgetByMonth ?? {},
    gpuHours: analysis.totals.gpuHours,
    bookedFrom,
    bookedTo,
    durationDays,
    errors: errorCount,
    warnings: warningCount,
    weeks: weeks.map((w) => ({ week: w.week, start: w.start, usd: w.allCostsExact })),
    tracks: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
    allocations: plan.allocations.map((a) => ({
      week: a.week,
      trackId: a.trackId,
      hardware: `${a.gpuCount > 1 ? `${a.gpuCount}× ` : ''}${gpuName(a.gpuId)}`,
      hours: a.hours,
    })),
    milestones: plan.milestones.map((m) => ({
      trackId: m.trackId,
      code: m.code,
      name: m.name,
      start: m.phases[0]?.start ?? project.start,
      end: m.phases[m.phases.length - 1]?.end ?? project.end,
    })),
    problems: problems.map((p) => ({ severity: p.severity, kind: p.kind, message: p.message })),
    cheaper: cheaperSteps,
    scenarios: input.scenarios.map((s) => (s.scenarioId === input.scenarioId ? { ...s, durationDays } : s)),
    scenarioId: input.scenarioId,
  });

  return {
    generatedAt: input.generatedAt,
    title: brief.title,
    brief,
    sections:
      input.sections && input.sections.length > 0 ? REPORT_SECTION_IDS.filter((s) => input.sections!.includes(s)) : [...REPORT_SECTION_IDS],
    cover: {
      projectId: project.id,
      projectName: project.name,
      description: project.description,
      scenario: scenarioName,
      scenarioId: input.scenarioId,
      date: input.generatedAt.slice(0, 10),
      revision: view.revision,
      appVersion: input.appVersion,
      start: project.start,
      end: project.end,
      currency: project.currency,
    },
    summary: {
      plannedUsd: money(analysis.totals.allCostsUsd),
      plannedGpuUsd: money(analysis.totals.usd),
      plannedGpuHours: round(analysis.totals.gpuHours),
      appMilestoneUsd: { low: money(appLow), high: money(appHigh) },
      appMilestoneHours: { low: round(appHours.low), high: round(appHours.high) },
      appPhasesWithoutHourlyPrice: withoutHourlyPrice,
      authorMilestoneUsd: authorRange,
      budgetUsd: money(analysis.totals.budget),
      remainingUsd: money(remaining),
      budgetStatus: over ? 'over' : 'within',
      status,
      budgetSource: readableSource(project.budgetSource),
      durationDays,
      firstWeek: bookedWeeks[0] ?? null,
      lastWeek: bookedWeeks[bookedWeeks.length - 1] ?? null,
      topRisks: problems.slice(0, 5).map((p) => ({ severity: p.severity, message: p.message })),
      errors: errorCount,
      warnings: warningCount,
      costRule: costRuleWords(input.costRule),
    },
    tracks,
    milestones,
    dataCosts: reportDataCosts(plan, analysis.totals),
    timeline: {
      tracks: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
      weeks: weeks.map((w) => ({
        week: w.week,
        start: w.start,
        hoursByTrack: Object.fromEntries(Object.entries(w.byTrack).map(([k, v]) => [k, v.gpuHours])),
        gpuHours: w.gpuHours,
        usd: money(w.usd),
        cumulativeUsd: money(w.cumulativeUsd),
        cumulativeBudgetUsd: money(w.cumulativeBudgetUsd),
      })),
    },
    allocations,
    recommendations,
    costs,
    budget: {
      ...input.budget,
      budgetUsd: money(analysis.totals.budget),
      burnUp: weeks.map((w, i) => ({
        week: w.week,
        plannedCumulativeUsd: Number(plannedCumulative[i] ?? w.cumulativeUsd),
        budgetLineUsd: Math.min(budgetTotal, Number(w.cumulativeBudgetUsd)),
      })),
    },
    assumptions: {
      planNotes: plan.notes.map(words),
      costRule: costRuleWords(input.costRule),
      constants: Object.entries(input.constants).flatMap(([g, values]) =>
        Object.entries(values).map(([name, value]) => ({ group: CONSTANT_GROUP_WORDS[g] ?? g, name: constantWords(name), value })),
      ),
      calibration: { ...input.calibration, source: readableSource(input.calibration.source) },
      claims: reportClaims(plan.claims, input.claimEvaluations, words),
      scenarios: input.scenarios.map((s) => (s.scenarioId === input.scenarioId ? { ...s, durationDays } : s)),
      runRates: input.runRates ?? [],
    },
    prices,
    problems,
    nextSteps,
  };
}

/** The claims that are not ok, with the app's figure computed now where the evaluations are given. */
function reportClaims(
  claims: PlanView['plan']['claims'],
  evaluations: ReportInputs['claimEvaluations'],
  words: (text: string) => string,
): ReportModel['assumptions']['claims'] {
  const byId = new Map((evaluations ?? []).map((e) => [e.claimId, e]));
  return claims.flatMap((c) => {
    const e = byId.get(c.id);
    const verdict = e?.verdict ?? c.verdict;
    if (verdict === 'ok') return [];
    return [
      {
        quote: c.quote,
        where: readableSource(c.where),
        verdict: e?.stale ? `${verdict} (text says ${c.verdict})` : verdict,
        explanation: words(c.explanation),
        authorFigure: e?.authorText ?? '—',
        appFigure: e?.appText ?? '—',
      },
    ];
  });
}
