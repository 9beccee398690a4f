import { measure, type BenchReport } from './bench-kit';
import { analyzePlan } from '../shared/domain/plan/checks';
import { execute, emptyHistory, moveAllocationsCommand } from '../shared/domain/plan/commands';
import { syntheticPlan } from '../shared/domain/plan/synthetic';
import { validateCommand } from '../shared/domain/plan/validation';
import { addWeeksToKey } from '../shared/domain/plan/weeks';

/** Plan: checks + weekly totals recomputed after one edit on 20 tracks × 104 weeks × 10 pools (target < 20 ms). */
export async function run(report: BenchReport): Promise<void> {
  const { plan, catalog } = syntheticPlan({ tracks: 20, weeks: 104, pools: 10 });
  report.log(`synthetic plan: ${plan.tracks.length} tracks, 104 weeks, ${plan.pools.length} pools, ${plan.allocations.length} allocations, ${plan.milestones.length} milestones`);
  let state = { plan, history: emptyHistory() };
  let i = 0;
  const edit = () => {
    // One edit as the timeline makes it: move one booking a week later (alternating back), validate, apply, then recompute everything.
    const a = state.plan.allocations[(i * 37) % state.plan.allocations.length]!;
    const delta = i % 2 === 0 ? 1 : -1;
    i++;
    const command = moveAllocationsCommand(state.plan, [a.id], (w) => addWeeksToKey(w, delta));
    const { errors, applied } = validateCommand(state.plan, catalog, command);
    if (errors.length === 0) state = execute(state.plan, state.history, command, 200, applied);
    return analyzePlan(state.plan, catalog);
  };
  const analysis = edit();
  report.log(`problems found: ${analysis.problems.length}; total ${analysis.totals.gpuHours} GPU-h, $${analysis.totals.usd}`);
  const t = await measure(edit, { iterations: 200, warmup: 10 });
  report.figure('one edit → validate + apply + checks + weekly totals (median)', t.medianMs, 'ms', { target: '< 20 ms', ok: t.medianMs < 20 });
  report.figure('one edit → validate + apply + checks + weekly totals (p95)', t.p95Ms, 'ms', { target: '< 20 ms', ok: t.p95Ms < 20 });
  const only = await measure(() => analyzePlan(state.plan, catalog), { iterations: 60, warmup: 5 });
  report.figure('checks + weekly totals alone (median)', only.medianMs, 'ms');
}
