import { describe, expect, it } from 'vitest';
import { betterScenario } from './better-scenario';

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
