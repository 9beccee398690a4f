/** The suggestion's outcome in words that fit its goal: an earliest-finish result speaks of finishing, not of cost. */
import type { OptimizeResult } from '../../../../shared/ipc/contract/plan-optimize';

type Objective = OptimizeResult['objective']['kind'];

const OPTIMAL: Record<Objective, string> = {
  cost: 'Optimal: no cheaper schedule meets every milestone, pool and the budget.',
  finish: 'Optimal: no schedule within the budget finishes earlier and meets every milestone and pool.',
  mix: 'Optimal: no schedule has a better balance of cost and finish (at your value of a week earlier) and meets every milestone, pool and the budget.',
  change: 'Optimal: no schedule moves fewer GPU-hours from the current plan and meets every milestone, pool and the budget.',
};
const FEASIBLE: Record<Objective, string> = {
  cost: 'A schedule that meets everything, found before the time limit (not proven cheapest).',
  finish: 'A schedule that meets everything, found before the time limit (not proven earliest).',
  mix: 'A schedule that meets everything, found before the time limit (not proven the best balance of cost and finish).',
  change: 'A schedule that meets everything, found before the time limit (not proven to move the fewest GPU-hours).',
};

export function suggestStatusText(status: OptimizeResult['status'], objective: Objective): string {
  if (status === 'infeasible') return 'No schedule meets everything. What is missing, and what would fix it:';
  return (status === 'optimal' ? OPTIMAL : FEASIBLE)[objective];
}
