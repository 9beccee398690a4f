import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_RULE_KINDS } from '../../../../shared/estimate/run-rules';
import { createTestApp } from '../../../test-support/test-app';

// What a schedule can fix: errors (bookings of one pool that take turns within its week's hours are a warning, which the
// checks and the optimizer accept alike). A run longer than its offering's session (issue 18) is a property of the
// milestone's run and offering, which the schedule does not change.
const isScheduleConflict = (p: { severity: string; kind: string }) =>
  p.severity === 'error' && !(RUN_RULE_KINDS as readonly string[]).includes(p.kind);

describe('auto-plan on the example project (seed 001)', () => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp({ now: () => new Date('2025-12-10T09:00:00Z') });
  });
  afterAll(() => app.dispose());

  it('with its defaults, the bundled example optimizes: M3 takes turns with the other track on the one Colab Pro+ session', async () => {
    const answer = await app.services.optimize.optimize({ objective: 'cost' });
    expect(answer.status).toBe('optimal');
    expect(answer.conflicts.filter(isScheduleConflict)).toEqual([]);
  });

  it('under the strict rule (no turns), in the milestones’ own dates, says why no schedule exists: the one Colab Pro+ session is taken in M3’s weeks', async () => {
    const answer = await app.services.optimize.optimize({ objective: 'cost', allowTurns: false });
    expect(answer.status).toBe('infeasible');
    const m3 = answer.binding.find((b) => b.kind === 'milestone-window');
    expect(m3?.message).toMatch(/^M3 1000 Cases, Production needs [\d.]+ Colab Pro\+ .*A100 GPU-hours between 2026-01-10 and 2026-01-17/);
    expect(m3?.message).toMatch(/in use by bookings that stay in 2026-W02…2026-W03/);
    expect(m3?.message).toMatch(/Move its end date by \d+ days?/);
  });

  it('up to each milestone’s date, removes the session conflicts and the budget overrun of the author’s schedule, at least cost', async () => {
    const before = app.services.plan.show();
    expect(before.conflicts.some((c) => c.kind === 'pool-concurrency')).toBe(true);
    expect(before.conflicts.some((c) => c.kind === 'cumulative-over-budget')).toBe(true);
    const answer = await app.services.optimize.optimize({ objective: 'cost', window: 'deadline', saveAs: 'Auto-plan: least cost' });
    expect(answer.status).toBe('optimal');
    expect(answer.conflicts.filter((c) => isScheduleConflict(c) || c.kind === 'pool-over-capacity')).toEqual([]);
    expect(Number(answer.totals.usd)).toBeLessThanOrEqual(Number(before.totals.budget));
    expect(Number(answer.totals.usd)).toBeLessThan(Number(before.totals.usd));
    // The figure the solver minimised is the plan's own cost of the suggested schedule: all costs, as the budget checks
    // count them (the example's datasets on Drive are paid from the same budget).
    expect(Number(answer.totals.storageUsd)).toBeGreaterThan(0);
    expect(Number(answer.objective.usd)).toBeCloseTo(Number(answer.totals.allCostsUsd), 1);
    expect(answer.comparison.map((c) => c.name)).toEqual(['Current plan', 'Auto-plan: least cost']);
    // Checked against the author's three budget options (seed 001), which the example keeps as scenarios.
    const options = app.services.plan.compareScenarios().rows.filter((r) => r.authorUsd);
    expect(options).toHaveLength(3);
    console.log(
      options.map((o) => `${o.name}: author $${o.authorUsd!.low}-${o.authorUsd!.high}, app $${o.usd}, ${o.errors} errors`).join('\n'),
      `\nauto-plan: $${answer.totals.usd}`,
    );
    // Options 2 and 3 cost more than the auto-plan, which keeps each booking's hardware. Option 1 moves everything to
    // the T4 at the estimator's hours (as fast as the L4 and A100 for these launch- and input-bound runs: issue 31
    // item 4), so it costs less still, without errors, inside the author's $50-100.
    for (const o of options.filter((x) => !/T4 Only/.test(x.name))) {
      expect(Number(o.usd)).toBeGreaterThanOrEqual(Number(answer.totals.usd));
      expect(Number(answer.totals.usd)).toBeLessThan(o.authorUsd!.low);
    }
    const t4Only = options.find((x) => /T4 Only/.test(x.name))!;
    expect(t4Only.errors).toBe(0);
    expect(Number(t4Only.usd)).toBeGreaterThanOrEqual(t4Only.authorUsd!.low);
    expect(Number(t4Only.usd)).toBeLessThanOrEqual(t4Only.authorUsd!.high);
    expect(app.services.plan.compareScenarios().scenarios.some((s) => s.id === answer.scenarioId)).toBe(true);

    // Accept one week, then all, then undo: the plan follows, and comes back.
    const { revision } = app.services.plan.load();
    const week = answer.changedWeeks[0]!;
    const oneWeek = app.services.optimize.acceptSuggestion({
      projectId: 'vitaldb-2025',
      revision,
      scenarioId: answer.scenarioId!,
      weeks: [week],
    });
    expect(oneWeek.history.undoLabel).toBe(`Accept the suggested schedule for ${week}`);
    const all = app.services.optimize.acceptSuggestion({
      projectId: 'vitaldb-2025',
      revision: oneWeek.revision,
      scenarioId: answer.scenarioId!,
    });
    expect(all.analysis.problems.filter(isScheduleConflict)).toEqual([]);
    expect(all.analysis.totals.usd).toBe(answer.totals.usd);
    const undone = app.services.plan.undo({ projectId: 'vitaldb-2025', revision: all.revision });
    app.services.plan.undo({ projectId: 'vitaldb-2025', revision: undone.revision });
    expect(app.services.plan.show().totals.usd).toBe(before.totals.usd);
  });

  it('with other offerings allowed (strict rule: no turns), keeps M3 in its dates by moving it off the busy session', async () => {
    const answer = await app.services.optimize.optimize({ objective: 'cost', allowOtherOfferings: true, allowTurns: false });
    expect(answer.status).toBe('optimal');
    expect(answer.conflicts.filter(isScheduleConflict)).toEqual([]);
    const m3 = answer.addedAllocations.filter((a) => a.phaseId === 'm3-training');
    expect(m3.length).toBeGreaterThan(0);
    expect(m3.every((a) => a.offeringId !== 'colab-pro-plus-a100-40gb')).toBe(true);
  });
});
