import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { analyzePlan } from '../plan/checks';
import { loadExample, plannedCatalog } from '../plan/test-fixtures';
import { allocate, previewRules } from './allocation';
import { convert } from './currency';
import { gpuHoursOf, isGpuLine } from './gpu';
import { computeOverview } from './overview';
import { VARIANCE_CONVENTION } from './overview-types';
import type { AllocationRule, Budget, BudgetSpendLine, ExchangeRate } from './types';

const samples = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'billing-samples');

/** The FOCUS sample read straight from the file (an independent reading, not the import pipeline). */
function focusSample(): BudgetSpendLine[] {
  const rows = parse(fs.readFileSync(path.join(samples, 'focus-sample-data', 'focus_sample.csv')), { columns: true, bom: true }) as Array<
    Record<string, string>
  >;
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
    tags: v(r.Tags) ? (JSON.parse(r.Tags!) as Record<string, string>) : {},
  }));
}

const rule = (
  id: number,
  position: number,
  kind: AllocationRule['kind'],
  pattern: string,
  trackId: string,
  key: string | null = null,
): AllocationRule => ({
  id,
  projectId: 'vitaldb-2025',
  position,
  kind,
  key,
  pattern,
  trackId,
});

const budgets: Budget[] = [
  { id: 1, projectId: 'vitaldb-2025', trackId: null, month: null, amount: '615', currency: 'USD', thresholds: [50, 80, 100, 120] },
  {
    id: 2,
    projectId: 'vitaldb-2025',
    trackId: 'track-vitaldb',
    month: null,
    amount: '615',
    currency: 'USD',
    thresholds: [50, 80, 100, 120],
  },
];

function line(id: number, day: string, cost: string, extra: Partial<BudgetSpendLine> = {}): BudgetSpendLine {
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
    tags: {},
    ...extra,
  };
}

describe('allocation rules on the FOCUS sample', () => {
  const lines = focusSample();
  const fileTotal = lines.reduce((s, l) => s.plus(l.billedCost), new Big(0));

  it('first matching rule wins; caught + unallocated equals the file total exactly', () => {
    const rules = [
      rule(1, 1, 'service', 'Amazon Elastic Compute Cloud', 'track-vitaldb'),
      rule(2, 2, 'service', 'Amazon*', 'track-multisensor'),
    ];
    const preview = previewRules(lines, rules);
    expect(preview.lineCount).toBe(1000);
    const ec2 = lines.filter((l) => l.service === 'Amazon Elastic Compute Cloud');
    expect(preview.rules[0]!.count).toBe(ec2.length);
    expect(preview.rules[1]!.shadowed).toBe(ec2.length);
    const sum = preview.rules.reduce((s, r) => s.plus(r.totals.USD ?? '0'), new Big(preview.unallocated.totals.USD ?? '0'));
    expect(sum.eq(fileTotal)).toBe(true);
    const { trackOf } = allocate(lines, rules);
    expect(lines.filter((l) => trackOf.get(l.id) === 'track-vitaldb').length).toBe(ec2.length);
  });

  it('account, resource glob, SKU and reorder', () => {
    const acct = lines[0]!.subAccountId!;
    const byAccount = previewRules(lines, [rule(1, 1, 'account', acct, 'track-vitaldb')]);
    expect(byAccount.rules[0]!.count).toBe(lines.filter((l) => l.subAccountId === acct || l.billingAccountId === acct).length);
    const arn = previewRules(lines, [rule(1, 1, 'resource-pattern', 'arn:ats:sqs:*', 'track-vitaldb')]);
    expect(arn.rules[0]!.count).toBe(lines.filter((l) => l.resourceId?.startsWith('arn:ats:sqs:')).length);
    expect(arn.rules[0]!.count).toBeGreaterThan(0);
    const sku = lines[0]!.sku!;
    expect(previewRules(lines, [rule(1, 1, 'sku', sku.toLowerCase(), 'track-vitaldb')]).rules[0]!.count).toBe(
      lines.filter((l) => l.sku === sku).length,
    );
    // Reordered: the broad rule first takes everything Amazon.
    const reordered = previewRules(lines, [
      rule(1, 2, 'service', 'Amazon Elastic Compute Cloud', 'track-vitaldb'),
      rule(2, 1, 'service', 'Amazon*', 'track-multisensor'),
    ]);
    expect(reordered.rules[0]!.ruleId).toBe(2);
    expect(reordered.rules[1]!.count).toBe(0);
  });

  it('tag rules (key = value glob, user: prefixes)', () => {
    const tagged = [
      line(1, '2025-12-22', '1', { tags: { 'user:team': 'VitalDB' } }),
      line(2, '2025-12-22', '2', { tags: { team: 'sensors' } }),
    ];
    const p = previewRules(tagged, [
      rule(1, 1, 'tag', 'vitaldb', 'track-vitaldb', 'team'),
      rule(2, 2, 'tag', 'sens*', 'track-multisensor', 'team'),
    ]);
    expect(p.rules.map((r) => r.count)).toEqual([1, 1]);
    expect(p.unallocated.count).toBe(0);
  });
});

describe('GPU lines', () => {
  it('recognises GPU instance types and counts GPU-hours', () => {
    const p3 = line(1, '2025-12-22', '3.06', { instanceType: 'p3.8xlarge', usageQuantity: '1', usageUnit: 'Hrs' });
    expect(isGpuLine(p3)).toBe(true);
    expect(gpuHoursOf(p3)).toBe(4);
    expect(isGpuLine(line(2, '2025-12-22', '1', { instanceType: 'Standard_NC6s_v3' }))).toBe(true);
    expect(isGpuLine(line(3, '2025-12-22', '1', { instanceType: 'm5.large' }))).toBe(false);
    expect(isGpuLine(line(4, '2025-12-22', '1', { instanceType: 'Standard_D2s_v3' }))).toBe(false);
  });
});

describe('currencies', () => {
  const rates: ExchangeRate[] = [
    { id: 1, from: 'EUR', to: 'USD', rate: '1.10', asOf: '2025-12-01', source: 'ECB' },
    { id: 2, from: 'EUR', to: 'USD', rate: '1.20', asOf: '2026-01-01', source: 'ECB' },
  ];
  it('uses the latest rate on or before the day; none before the first', () => {
    expect(convert('10', 'EUR', 'USD', '2025-12-20', rates)!.value.toString()).toBe('11');
    expect(convert('10', 'EUR', 'USD', '2026-01-05', rates)!.value.toString()).toBe('12');
    expect(convert('10', 'EUR', 'USD', '2025-11-30', rates)).toBeNull();
    expect(convert('12', 'USD', 'EUR', '2026-01-05', rates)!.value.toString()).toBe('10');
  });
});

describe('overview of the VitalDB example', () => {
  const { plan } = loadExample();
  const totals = analyzePlan(plan, plannedCatalog(plan)).totals;
  const rules = [rule(1, 1, 'tag', 'vitaldb', 'track-vitaldb', 'track'), rule(2, 2, 'tag', 'multisensor', 'track-multisensor', 'track')];

  it('without spend: actual 0, forecast = the plan (GPU + storage + transfer), budget 615', () => {
    const o = computeOverview({ plan, planWeeks: totals.weeks, lines: [], rules, budgets, rates: [], today: '2026-11-23' });
    expect(o.budget.total).toBe('615.00');
    expect(o.actual.value).toBe('0.00');
    expect(o.dataAsOf).toBeNull();
    expect(o.forecast.value).toBe(new Big(totals.allCostsUsd).round(2).toFixed(2));
    expect(o.weeks.map((w) => w.week)).toEqual(totals.weeks.map((w) => w.week));
    expect(o.weeks[0]!.week).toBe('2025-W50');
    expect(o.weeks.at(-1)!.week).toBe('2026-W05');
    expect(o.tracks.map((t) => t.trackId)).toEqual(['track-vitaldb', 'track-multisensor']);
  });

  it('with a month of spend: actual, forecast from plan remaining, variance, alerts, unallocated and not-converted kept apart', () => {
    const lines = [
      line(1, '2025-12-22', '60', { tags: { track: 'vitaldb' }, instanceType: 'g6.xlarge', usageQuantity: '10', usageUnit: 'Hrs' }),
      line(2, '2025-12-29', '300', { tags: { track: 'vitaldb' } }),
      line(3, '2025-12-23', '5', { tags: { track: 'multisensor' } }),
      line(4, '2025-12-23', '7', {}),
      line(5, '2025-12-24', '50', { tags: { track: 'vitaldb' }, currency: 'EUR' }),
      line(6, '2024-09-01', '9', { tags: { track: 'vitaldb' } }),
    ];
    const o = computeOverview({ plan, planWeeks: totals.weeks, lines, rules, budgets, rates: [], today: '2026-11-23' });
    expect(o.actual.value).toBe('365.00');
    expect(o.actual.notConverted).toEqual({ EUR: '50' });
    expect(o.unallocated.count).toBe(1);
    expect(o.unallocated.inWindowTotals).toEqual({ USD: '7' });
    expect(o.outsideWindow.count).toBe(1);
    expect(o.dataAsOf).toBe('2025-12-29');
    expect(o.actual.gpuHours).toBe(10);
    const w52 = o.weeks.find((w) => w.week === '2025-W52')!;
    expect(w52.actual).toBe('65.00');
    expect(o.weeks.find((w) => w.week === '2026-W01')!.actualCumulative).toBe('365.00');
    expect(o.weeks.find((w) => w.week === '2026-W02')!.actual).toBeNull();
    // The plan's remaining weeks: its total as shown (GPU, storage, transfer each to the cent) less the weeks to date.
    const toDate = totals.weeks.filter((w) => w.week <= '2026-W01').reduce((s, w) => s.plus(w.allCostsExact), new Big(0));
    const remaining = new Big(totals.allCostsUsd).minus(toDate);
    // Past weeks without assigned spend (W50, W51) keep their planned figure.
    const kept = totals.weeks.filter((w) => w.week < '2025-W52' && new Big(w.allCostsExact).gt(0));
    expect(o.forecast.plannedKeptWeeks).toEqual(kept.map((w) => w.week));
    const keptSum = kept.reduce((s, w) => s.plus(w.allCostsExact), new Big(0));
    expect(o.forecast.fromPlan).toBe(new Big(365).plus(remaining).plus(keptSum).round(2).toFixed(2));
    // One line (USD 7) in the dates is unassigned: the forecast says it is incomplete.
    expect(o.forecast.incomplete?.lineCount).toBe(1);
    expect(o.alerts.some((a) => a.id === 'currency:EUR')).toBe(true);
    expect(o.alerts.some((a) => a.id === 'project:*:*:actual:50')).toBe(true);
    // With a rate the EUR line counts.
    const withRate = computeOverview({
      plan,
      planWeeks: totals.weeks,
      lines,
      rules,
      budgets,
      rates: [{ id: 1, from: 'EUR', to: 'USD', rate: '1.1', asOf: '2025-12-01', source: 'test' }],
      today: '2026-11-23',
    });
    expect(withRate.actual.value).toBe('420.00');
    expect(withRate.actual.notConverted).toEqual({});
    const dec = withRate.months.find((m) => m.month === '2025-12')!;
    expect(dec.actual).toBe('420.00');
    const track = withRate.tracks.find((t) => t.trackId === 'track-vitaldb')!;
    expect(track.actual).toBe('415.00');
    expect(track.months['2025-12']!.actual).toBe('415.00');
  });

  it('thresholds are editable and over-budget forecasts are critical', () => {
    const lines = [line(1, '2025-12-22', '700', { tags: { track: 'vitaldb' } })];
    const o = computeOverview({
      plan,
      planWeeks: totals.weeks,
      lines,
      rules,
      budgets: budgets.map((b) => ({ ...b, thresholds: [90, 110] })),
      rates: [],
      today: '2026-11-23',
    });
    expect(o.status).toBe('over');
    expect(o.alerts[0]!.level).toBe('critical');
    expect(o.alerts.find((a) => a.scope === 'project')!.threshold).toBe(110);
    expect(new Big(o.variance.atCompletion!).lt(0)).toBe(true);
  });
});

describe('forecast with unassigned spend (issue 19 items 1 and 8)', () => {
  const { plan } = loadExample();
  const totals = analyzePlan(plan, plannedCatalog(plan)).totals;
  const rules = [rule(1, 1, 'tag', 'vitaldb', 'track-vitaldb', 'track'), rule(2, 2, 'tag', 'multisensor', 'track-multisensor', 'track')];
  const plannedSum = (pred: (week: string) => boolean) =>
    totals.weeks.filter((w) => pred(w.week)).reduce((s, w) => s.plus(w.allCostsExact), new Big(0));

  it('a file whose lines match no rule does not lower the forecast below the plan, and the forecast says it is incomplete', () => {
    // Three weeks of spend, none of it assigned (no tags): before, the past weeks counted $0 and the budget "held".
    const lines = [line(1, '2025-12-16', '40', {}), line(2, '2025-12-17', '40', {}), line(3, '2025-12-30', '40', {})];
    const o = computeOverview({ plan, planWeeks: totals.weeks, lines, rules, budgets, rates: [], today: '2026-11-23' });
    expect(o.actual.value).toBe('0.00');
    expect(o.forecast.fromPlan).toBe(new Big(totals.allCostsUsd).round(2).toFixed(2));
    expect(new Big(o.forecast.value).gte(new Big(totals.allCostsUsd).round(2))).toBe(true);
    expect(o.forecast.incomplete).not.toBeNull();
    expect(o.forecast.incomplete!.totals).toEqual({ USD: '120' });
    expect(o.forecast.incomplete!.message).toMatch(/incomplete/);
    expect(o.status).not.toBe('ok');
    // Track forecasts keep their plan too.
    for (const t of o.tracks) expect(t.forecast).toBe(t.planned);
    // The weekly rows say which past weeks kept their plan.
    expect(o.weeks.filter((w) => w.plannedKept).map((w) => w.week)).toEqual(o.forecast.plannedKeptWeeks);
  });

  it("assigned spend in one past week replaces only that week's plan", () => {
    const lines = [line(1, '2025-12-30', '10', { tags: { track: 'vitaldb' } })];
    const o = computeOverview({ plan, planWeeks: totals.weeks, lines, rules, budgets, rates: [], today: '2026-11-23' });
    const w01 = '2026-W01';
    const expected = new Big(10).plus(plannedSum((w) => w !== w01));
    expect(o.forecast.fromPlan).toBe(expected.round(2).toFixed(2));
    expect(o.forecast.incomplete).toBeNull();
  });

  it('one variance convention: plan or budget minus actual or forecast, positive = under (good)', () => {
    const lines = [line(1, '2025-12-22', '5', { tags: { track: 'vitaldb' } })];
    const o = computeOverview({ plan, planWeeks: totals.weeks, lines, rules, budgets, rates: [], today: '2026-11-23' });
    const w = o.weeks.find((x) => x.week === '2025-W52')!;
    expect(w.variance).toBe(new Big(w.plannedUsd).minus(5).toFixed(2));
    const dec = o.months.find((m) => m.month === '2025-12')!;
    expect(dec.variance).toBe(new Big(dec.planned).minus(dec.actual).toFixed(2));
    expect(o.variance.toDate).toBe(new Big(o.planned.toDate).minus(o.actual.value).toFixed(2));
    expect(o.variance.atCompletion).toBe(new Big(o.budget.total!).minus(o.forecast.value).toFixed(2));
    expect(o.variance.basis).toBe(VARIANCE_CONVENTION);
  });
});
