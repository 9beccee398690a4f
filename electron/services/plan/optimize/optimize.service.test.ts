import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test-support/test-app';
import { findEstimator } from '../plan-estimates';
import { solveLpText } from './highs-solver';
import { createOptimizeService } from './optimize.service';

describe('auto-plan on the example project (seed 001)', () => {
  let app: ReturnType<typeof createTestApp>;
  let optimizer: ReturnType<typeof createOptimizeService>;
  beforeAll(() => {
    app = createTestApp({ now: () => new Date('2025-12-10T09:00:00Z') });
    optimizer = createOptimizeService({
      plan: app.services.plan,
      estimator: findEstimator(app.services),
      solve: (r) => solveLpText(r.lpText, r.variableCount, { timeLimitSeconds: r.timeLimitSeconds, mipRelGap: r.mipRelGap }),
      now: () => new Date('2025-12-10T09:00:00Z'),
    });
  });
  afterAll(() => app.dispose());

  it('removes the capacity conflicts and the budget overrun of the author’s schedule, at least cost', async () => {
    const before = app.services.plan.show();
    expect(before.conflicts.some((c) => c.kind === 'pool-concurrency')).toBe(true);
    expect(before.conflicts.some((c) => c.kind === 'cumulative-over-budget')).toBe(true);
    const inPhases = await optimizer.optimize({ objective: 'cost' });
    console.log(JSON.stringify({ status: inPhases.status, solver: inPhases.solver, binding: inPhases.binding.map((b) => b.message) }, null, 1));
    const answer = await optimizer.optimize({ objective: 'cost', window: 'deadline', saveAs: 'Auto-plan: least cost' });
    console.log(JSON.stringify({ solver: answer.solver, weeks: answer.weeks.map((w) => `${w.week} ${w.allocations.map((a) => `${a.trackId} ${a.offeringId} ${a.hours}h`).join('; ')}`), status: answer.status, objective: answer.objective, totals: answer.totals, binding: answer.binding.map((b) => b.message), conflicts: answer.conflicts.map((c) => `${c.severity} ${c.kind} ${c.message}`) }, null, 1));
    expect(answer.status).toBe('optimal');
    expect(answer.conflicts.filter((c) => c.severity === 'error')).toEqual([]);
    expect(Number(answer.totals.usd)).toBeLessThanOrEqual(Number(before.totals.budget));
    expect(Number(answer.totals.usd)).toBeLessThan(Number(before.totals.usd));
    // The objective the solver minimised is the plan's own cost of the suggested schedule.
    expect(Number(answer.objective.usd)).toBeCloseTo(Number(answer.totals.usd), 1);
    expect(answer.scenarioId).not.toBeNull();
    expect(app.services.plan.compareScenarios().scenarios.some((s) => s.id === answer.scenarioId)).toBe(true);
  });
});
