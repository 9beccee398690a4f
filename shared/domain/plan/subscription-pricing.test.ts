/**
 * Subscriptions as what they are (issue 25 item 5): a month's fee, an allowance shared by the month's bookings, top-up
 * packs beyond it, or a problem where there are none. The test subscription has the figures the issue quotes
 * (100 CU a month, a T4 at 1.96 CU/h, packs of 100 CU for $9.99 and 500 CU for $49.99) so the arithmetic reads plainly.
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../subscriptions';
import { checkPlan } from './checks';
import { compareScenarios } from './scenarios';
import { describeGpuHours, fmtUnits } from './subscription-pricing';
import { loadExample, plannedCatalog } from './test-fixtures';
import { computeTotals } from './totals';
import type { Allocation, OfferingFacts, Plan, PlanCatalog } from './types';

const T4 = 'colab-pro-t4-16gb';
const L4 = 'colab-pro-plus-l4-24gb';
const A100 = 'colab-pro-plus-a100-40gb';

function offering(id: string, gpuId: string, gpuName: string, usd: string): OfferingFacts {
  return {
    id,
    gpuId,
    gpuName,
    gpuCount: 1,
    vcpus: null,
    label: id,
    deleted: false,
    prices: [{ kind: 'subscription', usd, per: 'month', asOf: '2025-12-01', source: 'test' }],
  };
}

const packs = [
  { units: 100, usd: '9.99', asOf: '2026-03-10', source: 'test', notes: null },
  { units: 500, usd: '49.99', asOf: '2026-03-10', source: 'test', notes: null },
];

function colabPro(topUps = packs): Subscription {
  return {
    id: 'colab-pro',
    providerId: 'google-colab',
    name: 'Colab Pro',
    unit: 'compute-units',
    unitsPerMonth: 100,
    asOf: '2025-11-13',
    source: 'test',
    notes: null,
    rates: [{ offeringId: T4, unitsPerHour: 1.96, asOf: '2022-09-30', source: 'test', notes: null }],
    topUps,
  };
}

const colabProPlus: Subscription = {
  id: 'colab-pro-plus',
  providerId: 'google-colab',
  name: 'Colab Pro+',
  unit: 'compute-units',
  unitsPerMonth: 600,
  asOf: '2025-05-12',
  source: 'test',
  notes: null,
  rates: [
    { offeringId: L4, unitsPerHour: 1.71, asOf: '2026-03-10', source: 'test', notes: null },
    { offeringId: A100, unitsPerHour: 5.4, asOf: '2026-03-10', source: 'test', notes: null },
  ],
  topUps: packs,
};

function catalogWith(subscriptions: Subscription[]): PlanCatalog {
  return {
    offerings: [
      offering(T4, 't4-16gb', 'NVIDIA T4 16GB', '10'),
      offering(L4, 'l4-24gb', 'NVIDIA L4 24GB', '50'),
      offering(A100, 'a100-sxm-40gb', 'NVIDIA A100 SXM4 40GB', '50'),
    ],
    dataRates: [],
    subscriptions,
  };
}

let n = 0;
function booking(week: string, hours: number, offeringId = T4, gpuCount = 1): Allocation {
  const gpuId = offeringId === T4 ? 't4-16gb' : offeringId === L4 ? 'l4-24gb' : 'a100-sxm-40gb';
  return { id: `a${++n}`, trackId: 't1', week, offeringId, gpuId, gpuCount, hours, phaseId: null, note: null };
}

function planOf(allocations: Allocation[]): Plan {
  return {
    project: {
      id: 'p',
      name: 'Subscriptions',
      start: '2026-01-01',
      end: '2026-03-31',
      currency: 'USD',
      budget: '1000',
      budgetSource: 'test',
      description: '',
      source: null,
    },
    tracks: [
      {
        id: 't1',
        projectId: 'p',
        name: 'Track',
        owner: 'x',
        focus: '',
        colour: '#336699',
        start: '2026-01-01',
        end: '2026-03-31',
        position: 0,
        notes: null,
      },
    ],
    milestones: [],
    allocations,
    pools: [],
    plannedPrices: [],
    notes: [],
    claims: [],
  };
}

const cost = (plan: Plan, catalog = catalogWith([colabPro()])) => computeTotals(plan, catalog);
const overProblems = (plan: Plan, catalog: PlanCatalog) => checkPlan(plan, catalog).filter((p) => p.kind === 'subscription-over-allowance');

describe('a subscription costs its month, its allowance and the top-ups beyond it', () => {
  it('160 T4-hours of Colab Pro in one week need 313.6 CU: the fee and three 100-CU packs, not $2.31', () => {
    const a = booking('2026-W03', 160);
    const totals = cost(planOf([a]));
    // 313.6 CU − 100 included = 213.6 over → 3 × 100 CU ($29.97) is cheaper than 1 × 500 ($49.99)
    expect(totals.usd).toBe('39.97');
    expect(totals.allocationUsd[a.id]).toBe('39.97');
  });

  it('within the allowance a month costs its fee, once, whatever the hours', () => {
    const totals = cost(planOf([booking('2026-W03', 40)])); // 78.4 CU of 100
    expect(totals.usd).toBe('10.00');
  });

  it('exactly at the allowance no top-up is bought; one hour more buys one pack', () => {
    const sub = { ...colabPro(), rates: [{ ...colabPro().rates[0]!, unitsPerHour: 1.25 }] };
    expect(cost(planOf([booking('2026-W03', 80)]), catalogWith([sub])).usd).toBe('10.00'); // 80 h × 1.25 = 100 CU
    expect(cost(planOf([booking('2026-W03', 81)]), catalogWith([sub])).usd).toBe('19.99'); // 101.25 CU: one pack
  });

  it('one top-up: 100 T4-hours need 196 CU, 96 over, one 100-CU pack', () => {
    expect(cost(planOf([booking('2026-W03', 100)])).usd).toBe('19.99');
  });

  it('several top-ups: a month of 4 × 160 T4-hours needs 1,254.4 CU; the cheapest whole packs are bought', () => {
    const month = ['2026-W02', '2026-W03', '2026-W04', '2026-W05'].map((w) => booking(w, 160));
    const totals = cost(planOf(month));
    // 1,154.4 CU over: 12 × 100 CU = $119.88 (cheaper than 2 × 500 + 2 × 100 = $119.96)
    expect(totals.usd).toBe('129.88');
    const m = totals.subscriptions[0]!;
    expect(m.topUps).toEqual([{ units: 100, usd: '9.99', count: 12 }]);
    // with a 500-CU pack cheaper per unit, it is used where it pays
    const cheapBig = [packs[0]!, { ...packs[1]!, usd: '40' }];
    const withBig = cost(planOf(month), catalogWith([colabPro(cheapBig)]));
    expect(withBig.subscriptions[0]!.topUps).toEqual([
      { units: 100, usd: '9.99', count: 2 },
      { units: 500, usd: '40', count: 2 },
    ]);
    expect(withBig.usd).toBe('109.98');
  });

  it('without a top-up the month costs its fee and raises a problem that says by how much the allowance is exceeded', () => {
    const plan = planOf([booking('2026-W03', 160)]);
    const catalog = catalogWith([colabPro([])]);
    expect(cost(plan, catalog).usd).toBe('10.00');
    const problems = overProblems(plan, catalog);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.severity).toBe('error');
    expect(problems[0]!.message).toBe(
      'Colab Pro, 2026-01: 160 T4-hours need 313.6 CU, 100 CU included: 213.6 CU over, and the subscription has no top-up to buy.',
    );
    expect(problems[0]!.cell).toMatchObject({ row: 'track', trackId: 't1', week: '2026-W03' });
    // within the allowance: no problem
    expect(overProblems(planOf([booking('2026-W03', 50)]), catalog)).toEqual([]);
  });

  it('two bookings in one month share the allowance, the fee and the pack, in proportion to their units', () => {
    const a = booking('2026-W02', 30); // 58.8 CU
    const b = booking('2026-W03', 50); // 98 CU → 156.8 together: one pack
    const totals = cost(planOf([a, b]));
    expect(totals.usd).toBe('19.99');
    expect(totals.allocationUsd[a.id]).toBe('7.50'); // 19.99 × 30/80 = 7.49625
    expect(totals.allocationUsd[b.id]).toBe('12.49'); // 12.49375
    const weeks = Object.fromEntries(totals.weeks.map((w) => [w.week, w.usdExact]));
    expect(new Big(weeks['2026-W02']!).plus(weeks['2026-W03']!).toString()).toBe('19.99');
    // alone, each would fit the allowance: the sharing is what buys the pack
    expect(cost(planOf([booking('2026-W02', 50)])).usd).toBe('10.00');
  });

  it('a week that spans two months counts in the month of its Thursday; each month has its own fee and allowance', () => {
    // 2026-W05 is Mon 26 Jan – Sun 1 Feb (Thursday 29 Jan: January); 2026-W06 is in February
    const jan = booking('2026-W05', 50); // 98 CU
    const feb = booking('2026-W06', 50); // 98 CU
    const totals = cost(planOf([jan, feb]));
    expect(totals.subscriptions.map((m) => [m.month, m.usedUnits, m.usd])).toEqual([
      ['2026-01', '98', '10'],
      ['2026-02', '98', '10'],
    ]);
    expect(totals.usd).toBe('20.00');
    // the same hours in two January weeks share one allowance and buy a pack
    expect(cost(planOf([booking('2026-W04', 50), booking('2026-W05', 50)])).usd).toBe('19.99');
  });

  it("one fee a month for a plan shared by two offerings (Colab Pro+'s L4 and A100), their units added", () => {
    const l4 = booking('2026-W03', 100, L4); // 171 CU
    const a100 = booking('2026-W04', 80, A100); // 432 CU → 603 of 600: one pack
    const totals = cost(planOf([l4, a100]), catalogWith([colabPro(), colabProPlus]));
    expect(totals.usd).toBe('59.99');
    expect(totals.subscriptions).toHaveLength(1);
    expect(totals.subscriptions[0]).toMatchObject({ name: 'Colab Pro+', usedUnits: '603', includedUnits: '600', overUnits: '3' });
    expect(totals.subscriptions[0]!.gpuHours).toEqual({ L4: 100, A100: 80 });
  });

  it('GPUs multiply the units: 2 T4s for 30 h use 117.6 CU', () => {
    const totals = cost(planOf([booking('2026-W03', 30, T4, 2)]));
    expect(totals.subscriptions[0]!.usedUnits).toBe('117.6');
    expect(totals.usd).toBe('19.99');
  });

  it('an offering priced per month without an allowance in the catalog costs its fee once a month, unchecked', () => {
    const plan = planOf([booking('2026-W02', 160), booking('2026-W03', 160)]);
    const catalog = catalogWith([]);
    const totals = cost(plan, catalog);
    expect(totals.usd).toBe('10.00');
    expect(totals.subscriptions[0]).toMatchObject({ subscriptionId: null, includedUnits: null });
    expect(overProblems(plan, catalog)).toEqual([]);
  });
});

describe("the VitalDB example's options recomputed with the catalog's allowances (bundled subscriptions.json)", () => {
  const { plan, scenarios } = loadExample();
  const catalog = plannedCatalog(plan);
  const summaries = compareScenarios(plan, scenarios, catalog);
  const usd = (name: string) => summaries.find((s) => s.name.startsWith(name))!.usd;

  it("Option 1 (T4 only): the plan's 556 GPU-hours on Colab Pro (the estimator's hours: a T4 as fast as the L4 and A100 here) cost $72.65 with top-ups", () => {
    const option1 = scenarios.find((s) => s.id === 'option-1-cost-optimized')!;
    const totals = computeTotals(option1.plan, catalog);
    // × 1, not the document's × 3 and × 7.8 (2,589.6 T4-hours, $322.43): issue 31 item 4
    expect(totals.gpuHours).toBe(556);
    // Colab Pro: 100 CU a month, a T4 at 1.19 CU/h; beyond it 100-CU packs at $9.99
    expect(
      totals.subscriptions.map((m) => [
        m.month,
        describeGpuHours(m.gpuHours),
        fmtUnits(m.usedUnits),
        m.topUps.map((t) => `${t.count}×${t.units}`).join('+'),
        m.usd,
      ]),
    ).toEqual([
      ['2025-12', '224 T4-hours', '266.56', '2×100', '29.98'],
      ['2026-01', '332 T4-hours', '395.08', '3×100', '39.97'],
    ]);
    // GPU $69.95 + the dataset's storage $2.70
    expect(usd('Option 1')).toBe('72.65');
    expect(checkPlan(option1.plan, catalog).filter((p) => p.kind === 'subscription-over-allowance')).toEqual([]);
  });

  it('Options 2 and 3 keep their hourly L4/A100 bookings; the T4 prototyping months cost $20 (not 5 weeks × 12/52)', () => {
    expect(usd('Current plan')).toBe('639.73'); // was 631.27
    expect(usd('Option 2')).toBe('639.73'); // was 631.27
    expect(usd('Option 3')).toBe('1054.89'); // the L4 hours at the estimator's × 1 (was ÷ 2.6: 836.80)
  });
});
