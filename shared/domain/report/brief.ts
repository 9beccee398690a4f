/**
 * The two-page brief that opens the review PDF, for whoever approves the money: the decision asked for and the
 * recommendation, a Gantt of tracks × weeks (milestones, hardware per bar), cost by month against the budget, the three
 * biggest risks in words, and the scenarios compared. Also the wording helpers that keep developer internals (ids such
 * as l4-24gb, check kinds such as pool-concurrency, code names) out of what a person reads. Pure.
 */
import { betterScenario } from './better-scenario';
import type { Brief, BriefBar, BriefInput, BriefScenario, BriefTrack } from './brief-types';
import { usdText } from './usd-text';
import Big from 'big.js';
import { briefMonths } from './brief-months';
import { monthOfWeek, weekStart, weekEnd } from '../plan/weeks';

export type { Brief, BriefBar, BriefInput, BriefMonth, BriefScenario, BriefTrack, ScenarioSummary } from './brief-types';

/** Names a person reads for ids that would otherwise leak into text: GPUs, offerings, pools, tracks. */
export type NameBook = Map<string, string>;

/** Replaces every known id in a sentence with its name (longest ids first, whole tokens only). */
export function humanize(text: string, names: NameBook): string {
  let out = text;
  for (const [id, name] of [...names.entries()].sort((a, b) => b[0].length - a[0].length)) {
    if (!id || id === name) continue;
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'g'), name);
  }
  return out;
}

export { gpuShortName, offerLabel } from '../offer-label';

/** A plan check's kind, in words. */
export const PROBLEM_KIND_WORDS: Record<string, string> = {
  'pool-over-capacity': 'more hours than the account or quota holds',
  'pool-concurrency': 'more GPUs at once than the account allows',
  'subscription-over-allowance': 'a subscription’s month needs more than its allowance and it sells no top-up',
  'milestone-short-hours': 'a milestone has fewer GPU-hours booked than it needs',
  'milestone-no-hardware': 'a milestone has no hardware chosen',
  'allocation-outside-track': 'hours booked outside the track’s dates',
  'cumulative-over-budget': 'the plan passes the budget',
  'week-over-budget-share': 'a week spends more than its share of the budget',
  'offering-missing': 'a booking names an offer no longer in the catalog',
  'price-changed': 'a price changed since it was planned',
  'run-over-session': 'one run is longer than the offering’s session, without checkpoints that fit',
  'run-over-job-timeout': 'one run is longer than the job’s timeout',
  'spot-without-checkpoint': 'a spot run has no checkpoint and resume',
  'dataset-over-disk': 'the dataset does not fit the host’s disk',
  'dataset-over-memory': 'the dataset does not fit the host’s memory',
  'run-over-offering-gpus': 'one run needs more GPUs than its offering holds',
  'run-nodes-without-network': 'a run spread over machines whose offering states no network between them',
};
export const problemKindWords = (kind: string) => PROBLEM_KIND_WORDS[kind] ?? kind.replace(/-/g, ' ');

const money = (v: Big | string | number) => new Big(v).toFixed(2);
/** The first risks of each kind: one sentence per kind of problem, errors first, at most three. */
function biggestRisks(problems: BriefInput['problems']): string[] {
  const byKind = new Map<string, BriefInput['problems']>();
  for (const p of problems) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p]);
  const order = { error: 0, warning: 1, info: 2 } as Record<string, number>;
  return [...byKind.entries()]
    .sort((a, b) => (order[a[1][0]!.severity] ?? 3) - (order[b[1][0]!.severity] ?? 3) || b[1].length - a[1].length)
    .slice(0, 3)
    .map(([kind, list]) => {
      const first = list[0]!;
      const more = list.length > 1 ? ` (${list.length} times in the plan; the first: ${first.message})` : ` ${first.message}`;
      const words = problemKindWords(kind);
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}${list.length > 1 ? more : `:${more}`}`;
    });
}

/** ", storage and data transfer ($2.70)" when the plan states some, else nothing. */
function dataPart(input: BriefInput): string {
  const data = new Big(input.dataCostsUsd ?? 0);
  return data.gt(0) ? `, storage and data transfer (${usdText(money(data), input.currency)})` : '';
}

export function buildBrief(input: BriefInput): Brief {
  const planned = new Big(input.plannedUsd);
  const budget = new Big(input.budgetUsd);
  const over = planned.gt(budget);
  const diff = budget.minus(planned).abs();
  const status: Brief['status'] = over
    ? {
        label: `Over budget by ${usdText(money(diff), input.currency)}${input.errors ? `, ${input.errors} ${input.errors === 1 ? 'error' : 'errors'} open` : ''}`,
        tone: 'bad',
      }
    : input.errors > 0
      ? { label: `Within budget on paper, but ${input.errors} ${input.errors === 1 ? 'error' : 'errors'} open`, tone: 'warn' }
      : { label: `Within budget: ${usdText(money(diff), input.currency)} left`, tone: 'good' };

  const reasons: string[] = [];
  if (over)
    reasons.push(
      `Bring the plan within the ${usdText(input.budgetUsd, input.currency)} budget (cut ${usdText(money(diff), input.currency)}) or raise the budget by that much.`,
    );
  if (input.errors > 0)
    reasons.push(
      `Fix the ${input.errors} ${input.errors === 1 ? 'problem' : 'problems'} the plan's checks call errors before booking (listed under risks).`,
    );
  const better = betterScenario(input);
  if (better) reasons.unshift(better);
  reasons.push(...input.cheaper.slice(0, 2));
  const verdict: Brief['recommendation']['verdict'] =
    over && input.errors > 0 ? 'do-not-approve-yet' : over || input.errors > 0 ? 'approve-with-changes' : 'approve';
  const headline =
    verdict === 'approve'
      ? `Approve ${usdText(input.plannedUsd, input.currency)} as planned.`
      : verdict === 'approve-with-changes'
        ? `Approve with the changes below.`
        : `Do not approve yet: the plan is over budget and has open errors.`;

  // Gantt: per track, contiguous weeks with bookings form a bar labelled with the hardware they use.
  const weekList = input.weeks.map((w) => ({ week: w.week, start: w.start }));
  const index = new Map(weekList.map((w, i) => [w.week, i]));
  const tracks: BriefTrack[] = input.tracks.map((t) => {
    const byWeek = new Map<string, Set<string>>();
    for (const a of input.allocations)
      if (a.trackId === t.id && a.hours > 0) byWeek.set(a.week, (byWeek.get(a.week) ?? new Set()).add(a.hardware));
    const weeks = [...byWeek.keys()].filter((w) => index.has(w)).sort();
    const bars: BriefBar[] = [];
    for (const w of weeks) {
      const hw = [...byWeek.get(w)!].sort().join(' + ');
      const last = bars[bars.length - 1];
      if (last && index.get(last.to)! + 1 === index.get(w) && last.label === hw) last.to = w;
      else bars.push({ from: w, to: w, label: hw });
    }
    const milestones = input.milestones
      .filter((m) => m.trackId === t.id)
      .map((m) => {
        const endWeek =
          weekList.find((w) => w.start <= m.end && weekEnd(w.week) >= m.end)?.week ?? weekList[weekList.length - 1]?.week ?? '';
        return { week: endWeek, code: m.code, label: `${m.code} ${m.name}, due ${m.end}` };
      });
    return { id: t.id, name: t.name, colour: t.colour, bars, milestones };
  });

  const months = briefMonths(input, planned, budget);

  const scenarios: BriefScenario[] = input.scenarios.map((s) => ({
    name: s.name,
    chosen: s.scenarioId === input.scenarioId,
    usd: money(s.usd),
    gpuHours: Math.round(s.gpuHours * 10) / 10,
    days: s.durationDays,
    errors: s.errors,
    warnings: s.warnings,
    overBudget: new Big(s.usd).gt(budget),
  }));

  return {
    title: `${input.projectName} — GPU plan review${input.scenarioId ? ` (${input.scenarioName})` : ''}`,
    decision: `Approve ${usdText(input.plannedUsd, input.currency)} of GPU compute (${Math.round(input.gpuHours).toLocaleString('en-US')} GPU-hours)${dataPart(input)} for ${input.projectName}${input.scenarioId ? `, scenario “${input.scenarioName}”` : ''}, booked ${input.bookedFrom ?? input.start} to ${input.bookedTo ?? input.end}, against a budget of ${usdText(input.budgetUsd, input.currency)}.`,
    recommendation: { verdict, headline, reasons },
    status,
    keyFigures: [
      {
        label: input.ranges ? 'Cost, P10–P90' : 'Planned cost',
        value: input.ranges ? input.ranges.total : usdText(input.plannedUsd, input.currency),
        note: `${input.ranges ? `as booked ${input.ranges.plannedTotal}; ` : ''}${Math.round(input.gpuHours).toLocaleString('en-US')} GPU-hours booked${
          Number(input.dataCostsUsd ?? 0) > 0 ? `; storage & transfer ${usdText(input.dataCostsUsd!, input.currency)} included` : ''
        }`,
      },
      {
        label: 'Budget',
        value: usdText(input.budgetUsd, input.currency),
        note: `${over ? `over by ${usdText(money(diff), input.currency)}` : `${usdText(money(diff), input.currency)} left`}${input.ranges ? `; ${input.ranges.budgetHolds}` : ''}`,
      },
      {
        label: 'Duration',
        value: input.durationDays === null ? '—' : `${input.durationDays} days`,
        note: `${input.bookedFrom ? `bookings ${input.bookedFrom} → ${input.bookedTo}` : 'nothing booked'}${input.ranges?.finish ? `; finish ${input.ranges.finish}` : ''}`,
      },
      {
        label: 'Open problems',
        value: `${input.errors} ${input.errors === 1 ? 'error' : 'errors'}`,
        note: `${input.warnings} ${input.warnings === 1 ? 'warning' : 'warnings'}`,
      },
    ],
    gantt: { weeks: weekList, tracks },
    months,
    risks: biggestRisks(input.problems),
    scenarios,
  };
}

/** First and last day of the booked weeks (Monday of the first, Sunday of the last), or nulls. */
export function bookedSpan(weeks: readonly string[]): { from: string | null; to: string | null } {
  const sorted = [...weeks].sort();
  return sorted.length ? { from: weekStart(sorted[0]!), to: weekEnd(sorted[sorted.length - 1]!) } : { from: null, to: null };
}

/** The plan's cost rule in words (no code names such as gpuCount). */
export function costRuleWords(rule: string): string {
  return rule
    .replace(/\busd\s*=/g, 'cost =')
    .replace(/\bgpuCount\b/g, 'GPUs')
    .replace(/\s*\(plannedPrices,\s*/g, ' (')
    .replace(/\bplannedPrices\b/g, 'the prices as planned');
}
