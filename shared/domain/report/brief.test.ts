import { describe, expect, it } from 'vitest';
import { betterScenario } from './better-scenario';
import { buildBrief, type BriefInput } from './brief';

const scenario = (name: string, usd: string, errors: number, scenarioId: string | null = name) => ({
  scenarioId,
  name,
  usd,
  gpuHours: 205.72,
  durationDays: 49,
  errors,
  warnings: 0,
});

describe('betterScenario (the brief recommends a passing scenario)', () => {
  const base = { currency: 'USD', scenarioId: null, budgetUsd: '615', plannedUsd: '628.57', errors: 1 };

  it('names the cheapest other scenario with no errors within the budget when the plan is over budget', () => {
    const text = betterScenario({
      ...base,
      scenarios: [
        scenario('Current plan', '628.57', 1, null),
        scenario('Option 1', '39.23', 5),
        scenario('Suggested (deadline)', '100.63', 0),
        scenario('Dearer but fine', '500', 0),
        scenario('Too dear', '700', 0),
      ],
    });
    expect(text).toContain('“Suggested (deadline)”');
    expect(text).toContain('$100.63');
    expect(text).toContain('206 GPU-hours');
  });

  it('says nothing when the plan already passes, or when no other scenario passes', () => {
    expect(betterScenario({ ...base, plannedUsd: '600', errors: 0, scenarios: [scenario('S', '10', 0)] })).toBeNull();
    expect(betterScenario({ ...base, scenarios: [scenario('Option 1', '39.23', 5), scenario('Too dear', '700', 0)] })).toBeNull();
  });

  it('never recommends the chosen scenario itself', () => {
    expect(betterScenario({ ...base, scenarioId: 'S', scenarios: [scenario('S', '10', 0)] })).toBeNull();
  });
});

describe('the brief\'s "Planned against budget" bars (issue 25 item 4)', () => {
  const input = (budgetByMonth: Record<string, string> = {}): BriefInput => ({
    projectName: 'P',
    currency: 'USD',
    scenarioName: 'Current plan',
    start: '2026-01-05',
    end: '2026-02-22',
    plannedUsd: '251.00',
    budgetUsd: '3000',
    budgetByMonth,
    gpuHours: 10,
    bookedFrom: null,
    bookedTo: null,
    durationDays: null,
    errors: 0,
    warnings: 0,
    weeks: [
      { week: '2026-W02', start: '2026-01-05', usd: '124' },
      { week: '2026-W07', start: '2026-02-09', usd: '127' },
    ],
    tracks: [],
    allocations: [],
    milestones: [],
    problems: [],
    cheaper: [],
    scenarios: [],
    scenarioId: null,
  });

  it('are drawn to the budget: $124 and $127 of a $3,000 budget are about 4% long, not full', () => {
    const months = buildBrief(input()).months;
    expect(months.map((m) => m.plannedUsd)).toEqual(['124.00', '127.00']);
    expect(months.map((m) => m.barPercent)).toEqual([4.1, 4.2]);
    expect(months.every((m) => m.budgetMarkPercent === null)).toBe(true);
  });

  it('with month budgets, a bar and its budget mark share the larger of the month budgets and the months planned', () => {
    const months = buildBrief(input({ '2026-01': '100', '2026-02': '254' })).months;
    expect(months.map((m) => [m.barPercent, m.budgetMarkPercent])).toEqual([
      [48.8, 39.4],
      [50, 100],
    ]);
    expect(months.map((m) => m.over)).toEqual([true, false]);
  });

  it('the months add up to the plan’s total (largest remainder), whatever the weeks’ fractions of a cent', () => {
    const third = {
      ...input(),
      plannedUsd: '1.00',
      weeks: [
        { week: '2026-W02', start: '2026-01-05', usd: '0.333333' },
        { week: '2026-W07', start: '2026-02-09', usd: '0.333333' },
        { week: '2026-W11', start: '2026-03-09', usd: '0.333334' },
      ],
    };
    const months = buildBrief(third).months;
    expect(months.map((m) => m.plannedUsd)).toEqual(['0.33', '0.33', '0.34']);
    expect(months.at(-1)!.cumulativePlannedUsd).toBe('1.00');
  });
});
