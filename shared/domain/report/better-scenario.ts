/** The brief's recommendation of a passing scenario (an auto-plan suggestion, say) when the chosen plan does not pass. */
import Big from 'big.js';
import type { BriefInput } from './brief-types';
import { usdText } from './usd-text';

/**
 * When the chosen plan is over budget or has errors, the cheapest other scenario that has no errors and stays within
 * the budget (an auto-plan suggestion, say), in words; null when there is none or the chosen plan already passes.
 */
export function betterScenario(
  input: Pick<BriefInput, 'currency' | 'scenarios' | 'scenarioId' | 'budgetUsd' | 'plannedUsd' | 'errors'>,
): string | null {
  const budget = new Big(input.budgetUsd);
  if (input.errors === 0 && new Big(input.plannedUsd).lte(budget)) return null;
  const passing = input.scenarios
    .filter((s) => s.scenarioId !== input.scenarioId && s.errors === 0 && new Big(s.usd).lte(budget))
    .sort((a, b) => new Big(a.usd).cmp(new Big(b.usd)));
  const best = passing[0];
  if (!best) return null;
  return `The scenario “${best.name}” passes every check within the budget at ${usdText(best.usd, input.currency)} (${Math.round(best.gpuHours).toLocaleString('en-US')} GPU-hours, no errors): review it and promote it in place of this plan.`;
}
