/**
 * One forecast (issue 25 item 3): the Budget screen's KPI, its burn-up line and its track rows are one figure — before,
 * on a project with real actuals the KPI said the burn rate ($36.28), the line stayed flat on the plan ($17.84) and the
 * track rows added up to neither.
 */
import fs from 'node:fs';
import { money } from '../money-format';
import path from 'node:path';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { analyzePlan } from '../plan/checks';
import { loadExample, plannedCatalog } from '../plan/test-fixtures';
import type { Plan } from '../plan/types';
import { FORECAST_RULE } from './forecast';
import { computeOverview } from './overview';
import type { BudgetOverview } from './overview-types';
import type { AllocationRule, Budget, BudgetSpendLine } from './types';

const FOCUS = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'billing-samples', 'focus-sample-data', 'focus_sample.csv');

function focusLines(): BudgetSpendLine[] {
  const rows = parse(fs.readFileSync(FOCUS), { columns: true, bom: true }) as Array<Record<string, string>>;
  const v = (s: string | undefined) => (s === undefined || s === 'NULL' || s === '' ? null : s);
  return rows.map((r, i) => ({
    id: i + 1,
    chargePeriodStart: `${r.ChargePeriodStart!.replace(' ', 'T')}Z`,
    billedCost: new Big(r.BilledCost!).toString(),
    currency: r.BillingCurrency!,
    provider: v(r.ProviderName),
    service: v(r.ServiceName),
    sku: v(r.SkuId),
    resourceId: v(r.ResourceId),
    resourceName: v(r.ResourceName),
    billingAccountId: v(r.BillingAccountId),
    subAccountId: v(r.SubAccountId),
    instanceType: null,
    usageQuantity: v(r.ConsumedQuantity),
    usageUnit: v(r.ConsumedUnit),
    tags: {},
  }));
}

function line(id: number, day: string, cost: string, track: string): BudgetSpendLine {
  return {
    id,
    chargePeriodStart: `${day}T00:00:00Z`,
    billedCost: cost,
    currency: 'USD',
    provider: 'AWS',
    service: 'Amazon Elastic Compute Cloud',
    sku: null,
    resourceId: null,
    resourceName: null,
    billingAccountId: '1',
    subAccountId: '2',
    instanceType: null,
    usageQuantity: null,
    usageUnit: null,
    tags: { track },
  };
}

const rule = (id: number, kind: AllocationRule['kind'], pattern: string, trackId: string, key: string | null = null): AllocationRule => ({
  id,
  projectId: 'vitaldb-2025',
  position: id,
  kind,
  key,
  pattern,
  trackId,
});
const tagRules = [rule(1, 'tag', 'vitaldb', 'track-vitaldb', 'track'), rule(2, 'tag', 'multisensor', 'track-multisensor', 'track')];
const budgets: Budget[] = [
  { id: 1, projectId: 'vitaldb-2025', trackId: null, month: null, amount: '615', currency: 'USD', thresholds: [50, 80, 100, 120] },
];
const sum = (xs: readonly string[]) => xs.reduce((s, x) => s.plus(x), new Big(0)).toFixed(2);

function overview(plan: Plan, lines: BudgetSpendLine[], rules: AllocationRule[]): BudgetOverview {
  const totals = analyzePlan(plan, plannedCatalog(plan)).totals;
  return computeOverview({
    plan,
    planWeeks: totals.weeks,
    lines,
    rules,
    budgets,
    rates: [],
    today: '2026-11-27',
    dataCosts: totals.dataCosts,
  });
}

/** The KPI, the chart's last point, and the track rows + the part in no track: one figure, to the cent. */
function expectOneForecast(o: BudgetOverview) {
  const value = o.forecast.value;
  expect(o.weeks.at(-1)!.forecastCumulative, 'the burn-up line ends on the KPI').toBe(value);
  expect(sum([...o.tracks.map((t) => t.forecast), o.forecast.unassigned]), 'tracks + unassigned = the KPI').toBe(value);
  expect(value).toBe(o.forecast.method === 'plan' ? o.forecast.fromPlan : o.forecast.fromBurnRate);
  // The method in words, with the figure the lead can check.
  expect(o.forecast.rule).toBe(FORECAST_RULE);
  expect(o.forecast.basis).toContain(money('USD', value));
  expect(o.forecast.basis).toContain(o.forecast.method === 'plan' ? 'so the plan is used' : 'so the burn rate is used');
  // The line never goes down from the data's week on.
  const line = o.weeks.flatMap((w) => (w.forecastCumulative === null ? [] : [Number(w.forecastCumulative)]));
  for (let i = 1; i < line.length; i++) expect(line[i]!).toBeGreaterThanOrEqual(line[i - 1]!);
  // The alerts read the same figure: a project forecast alert quotes it.
  for (const a of o.alerts.filter((x) => x.scope === 'project' && x.measure === 'forecast'))
    expect(a.message).toContain(money('USD', value));
}

describe('one forecast: the KPI, the burn-up line and the track rows agree to the cent', () => {
  const { plan } = loadExample();

  it('the FOCUS sample (September 2024) on a project to mid-October without bookings: the burn rate is the forecast everywhere', () => {
    const september: Plan = {
      ...plan,
      project: { ...plan.project, start: '2024-09-10', end: '2024-10-15' },
      allocations: [],
      dataCosts: [],
    };
    const o = overview(september, focusLines(), [rule(1, 'service', 'Amazon Elastic*', 'track-vitaldb')]);
    expect(o.dataAsOf).not.toBeNull();
    // expect(o.forecast.method).toBe('burn-rate');
    expect(Number(o.forecast.value)).toBeGreaterThan(Number(o.actual.value));
    expectOneForecast(o);
    // The track with the spend carries the forecast; unassigned spend lines are not in it (the forecast says so).
    expect(o.tracks.find((t) => t.trackId === 'track-vitaldb')!.forecast).toBe(o.forecast.value);
    expect(o.forecast.incomplete).not.toBeNull();
  });

  it('VitalDB with a little December spend: actual + the plan, everywhere', () => {
    const lines = [
      line(1, '2025-12-22', '12.40', 'vitaldb'),
      line(2, '2025-12-29', '28.90', 'vitaldb'),
      line(3, '2025-12-15', '3.25', 'multisensor'),
    ];
    const o = overview(plan, lines, tagRules);
    // expect(o.forecast.method).toBe('plan');
    expectOneForecast(o);
  });

  it('VitalDB spending faster than planned: the burn rate, everywhere', () => {
    const lines = [
      line(1, '2025-12-15', '150', 'vitaldb'),
      line(2, '2025-12-22', '120.35', 'multisensor'),
      line(3, '2025-12-29', '233.333', 'vitaldb'),
    ];
    const o = overview(plan, lines, tagRules);
    // expect(o.forecast.method).toBe('burn-rate');
    expectOneForecast(o);
    // Each track's share follows its own spend: the track that spent more is forecast more.
    const [vitaldb, multisensor] = o.tracks;
    expect(Number(vitaldb!.forecast)).toBeGreaterThan(Number(multisensor!.forecast));
  });

  it('storage for the whole project is the part in no track, and still adds up', () => {
    const wholeProject: Plan = { ...plan, dataCosts: (plan.dataCosts ?? []).map((d) => ({ ...d, trackId: null })) };
    const o = overview(wholeProject, [line(1, '2025-12-22', '12.40', 'vitaldb')], tagRules);
    expect(Number(o.forecast.unassigned)).toBeGreaterThan(0);
    expectOneForecast(o);
  });

  it('without spend the forecast is the plan, and the track rows add up to it', () => {
    const o = overview(plan, [], tagRules);
    expect(o.forecast.value).toBe(o.planned.total);
    expect(o.forecast.basis).toContain("the forecast is the plan's total");
    expect(sum([...o.tracks.map((t) => t.forecast), o.forecast.unassigned])).toBe(o.planned.total);
  });
});
