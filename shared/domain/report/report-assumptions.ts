/** The assumptions section: the plan's notes, the cost rule and constants, the calibration, the open claims, the scenarios. */
import type { PlanView } from '../../ipc/contract/plan';
import { CONSTANT_GROUP_WORDS, constantWords, costRuleWords } from './brief';
import { readableSource } from '../source-documents';
import type { ReportContext } from './report-context';
import type { ReportInputs } from './report-input-types';
import type { ReportModel } from './report-model-types';

/** The scenario comparison's rows, the reported scenario with the report's booked duration. */
export function scenariosWithBookedDuration(input: ReportInputs, durationDays: number): ReportInputs['scenarios'] {
  return input.scenarios.map((s) => (s.scenarioId === input.scenarioId ? { ...s, durationDays } : s));
}

export function reportAssumptions({ input, plan, words }: ReportContext, durationDays: number): ReportModel['assumptions'] {
  return {
    planNotes: plan.notes.map(words),
    costRule: costRuleWords(input.costRule),
    constants: Object.entries(input.constants).flatMap(([g, values]) =>
      Object.entries(values).map(([name, value]) => ({ group: CONSTANT_GROUP_WORDS[g] ?? g, name: constantWords(name), value })),
    ),
    calibration: { ...input.calibration, source: readableSource(input.calibration.source) },
    claims: reportClaims(plan.claims, input.claimEvaluations, words),
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
        verdict: e?.stale ? `${verdict} (text says ${c.verdict})` : verdict,
        explanation: words(c.explanation),
        authorFigure: e?.authorText ?? '—',
        appFigure: e?.appText ?? '—',
      },
    ];
  });
}
