/**
 * The report in one currency (issue 25 item 1): the estimator answers in the catalog's USD, so before the report is
 * assembled each phase's estimate and its alternatives' cost per run are converted into the project's currency at the
 * rate of the phase's start week (the plan's own rates, plan-currency.ts), and the dollar prices its basis quotes with
 * them. Figures without a week of their own — the authors' figures, the catalog's price list — are converted at the
 * rate of the plan's first week (catalogRate), printed with the dollars they were stated in beside them.
 */
import Big from 'big.js';
import { catalogUsdIn, factorAt, referenceRate, type ReferenceRate } from '../plan/plan-currency';
import { weekOf } from '../plan/weeks';
import type { ReportInputs } from './report-input-types';

export function reportInProjectCurrency(input: ReportInputs): ReportInputs {
  const { plan, analysis } = input.view;
  const conversion = analysis.totals.conversion;
  if (!conversion) return input;
  const weekOfPhase = new Map(plan.milestones.flatMap((m) => m.phases.map((p) => [p.id, weekOf(p.start)] as const)));
  // A phase without any rate keeps no figure rather than a USD one printed as another currency (the plan lists the error).
  const factorOf = (phaseId: string) => factorAt(conversion, weekOfPhase.get(phaseId) ?? weekOf(plan.project.start));
  const convert = (usd: string, phaseId: string): string => {
    const factor = factorOf(phaseId);
    return factor ? new Big(usd).times(factor).round(2, Big.roundHalfUp).toFixed(2) : '0.00';
  };
  const currency = plan.project.currency;
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
            p.appEstimate
              ? {
                  ...p,
                  appEstimate: {
                    ...p.appEstimate,
                    usd: convert(p.appEstimate.usd, p.id),
                    basis: catalogUsdIn(p.appEstimate.basis, factorOf(p.id), currency),
                  },
                }
              : p,
          ),
        })),
      },
    },
  };
}

/** The rate of the plan's first week, for the report's figures without a week of their own; null in USD. */
export function reportCatalogRate(input: ReportInputs): ReferenceRate | null {
  const { plan, analysis } = input.view;
  return referenceRate(analysis.totals.conversion, weekOf(plan.project.start));
}
