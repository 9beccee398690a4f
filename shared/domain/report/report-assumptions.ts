/** The assumptions section: the plan's notes, the cost rule, the calibration, the open claims, the scenarios. */
import type { PlanView } from '../plan/plan-view';
import { costRuleWords } from './brief';
import { readableSource } from '../source-documents';
import type { ReportContext } from './report-context';
import type { ReportInputs } from './report-input-types';
import type { ReportModel } from './report-model-types';
import { claimInputsText } from '../claims/claim-inputs';
import { VERDICTS, type Verdict } from '../claims/claim-check';
import { verdictCountsText, verdictWords } from '../claims/claim-words';
import { VERDICT_RULE_TEXT } from '../claims/verdict';

/** The scenario comparison's rows, the reported scenario with the report's booked duration. */
export function scenariosWithBookedDuration(input: ReportInputs, durationDays: number): ReportInputs['scenarios'] {
  return input.scenarios.map((s) => (s.scenarioId === input.scenarioId ? { ...s, durationDays } : s));
}

export function reportAssumptions({ input, plan, words }: ReportContext, durationDays: number): ReportModel['assumptions'] {
  return {
    planNotes: plan.notes.map(words),
    costRule: costRuleWords(input.costRule),
    calibration: { ...input.calibration, source: readableSource(input.calibration.source) },
    claims: reportClaims(plan.claims, input.claimEvaluations, words),
    claimsSummary: claimsSummary(plan.claims, input.claimEvaluations),
    scenarios: scenariosWithBookedDuration(input, durationDays),
    runRates: input.runRates ?? [],
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
        verdict: e?.stale ? `${verdictWords(verdict)} (text says ${verdictWords(c.verdict)})` : verdictWords(verdict),
        explanation: words(c.explanation),
        authorFigure: e?.authorText ?? '—',
        appFigure: e?.appText ?? '—',
        inputs: words(e?.inputs ?? claimInputsText(c.check)),
      },
    ];
  });
}

/** Every claim counted by verdict (today's, where evaluated), the number the table shows, and the rule in one sentence. */
function claimsSummary(
  claims: PlanView['plan']['claims'],
  evaluations: ReportInputs['claimEvaluations'],
): ReportModel['assumptions']['claimsSummary'] {
  if (claims.length === 0) return null;
  const byId = new Map((evaluations ?? []).map((e) => [e.claimId, e]));
  const verdicts = claims.map((c) => (byId.get(c.id)?.verdict ?? c.verdict) as Verdict);
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, verdicts.filter((x) => x === v).length])) as Record<Verdict, number>;
  return { total: claims.length, shown: claims.length - counts.ok, counts: verdictCountsText(counts), rule: VERDICT_RULE_TEXT };
}
