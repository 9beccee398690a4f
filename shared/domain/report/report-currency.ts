/**
 * The report in one currency (issue 25 item 1): the estimator answers in the catalog's USD, so before the report is
 * assembled each phase's estimate and its alternatives' cost per run are converted into the project's currency at the
 * rate of the phase's start week (the plan's own rates, plan-currency.ts). The seed authors' figures stay as they wrote
 * them, in USD, and say so; the catalog's price list stays in the catalog's USD with its currency named.
 */
import Big from 'big.js';
import { factorAt } from '../plan/plan-currency';
import { weekOf } from '../plan/weeks';
import type { ReportInputs } from './report-input-types';

export function reportInProjectCurrency(input: ReportInputs): ReportInputs {
  const { plan, analysis } = input.view;
  const conversion = analysis.totals.conversion;
  if (!conversion) return input;
  const weekOfPhase = new Map(plan.milestones.flatMap((m) => m.phases.map((p) => [p.id, weekOf(p.start)] as const)));
  // A phase without any rate keeps no figure rather than a USD one printed as another currency (the plan lists the error).
  const convert = (usd: string, phaseId: string): string => {
    const factor = factorAt(conversion, weekOfPhase.get(phaseId) ?? weekOf(plan.project.start));
    return factor ? new Big(usd).times(factor).round(2, Big.roundHalfUp).toFixed(2) : '0.00';
  };
  return {
    ...input,
    phaseEstimates: input.phaseEstimates.map((pe) => ({
      ...pe,
      alternatives: pe.alternatives.map((a) => ({ ...a, usdPerRun: convert(a.usdPerRun, pe.phaseId) })),
    })),
    view: {
      ...input.view,
      plan: {
        ...plan,
        milestones: plan.milestones.map((m) => ({
          ...m,
          phases: m.phases.map((p) =>
            p.appEstimate ? { ...p, appEstimate: { ...p.appEstimate, usd: convert(p.appEstimate.usd, p.id) } } : p,
          ),
        })),
      },
    },
  };
}
