import { describe, expect, it } from 'vitest';
import type { PlanView } from '../plan/plan-view';
import { analyzePlan } from '../plan/checks';
import { loadExample, plannedCatalog } from '../plan/test-fixtures';
import { assembleReportModel, type BudgetInput, type HardwareAlternative, type ReportInputs } from './report-model';
import { reportTable } from './report-tables';
import { ASSUMPTIONS, FITTED, flattenConstants } from '../../estimate/calibration';
import { COST_ASSUMPTIONS } from '../../estimate/cost';
import { calibrationSummary } from '../../estimate/accuracy-summary';

const { plan } = loadExample();
const catalog = plannedCatalog(plan);
const analysis = analyzePlan(plan, catalog);
const view = {
  plan,
  revision: 3,
  weeks: analysis.totals.weeks.map((w) => w.week),
  analysis,
  catalog,
  history: { undoLabel: null, redoLabel: null },
  analysisMs: 0,
} as unknown as PlanView;

const alt = (over: Partial<HardwareAlternative>): HardwareAlternative => ({
  gpuId: 'l4-24gb',
  gpuName: 'NVIDIA L4',
  offeringId: 'colab-pro-plus-l4-24gb',
  offering: 'Google Colab Pro+ — L4',
  priceKind: 'on-demand',
  hoursPerRun: 1,
  wallClockHours: null,
  gpuHoursPerRun: null,
  wallClockParts: null,
  usdPerRun: '10.00',
  fits: true,
  requiredGiB: 1,
  gpuMemoryGiB: 24,
  bound: 'overhead',
  planned: false,
  priceAsOf: '2025-12-10',
  priceSource: 'seed 001',
  ...over,
});
const noBudget: BudgetInput = {
  available: false,
  message: 'No billing data imported yet',
  actualUsd: null,
  actualByMonth: [],
  actualCumulativeByWeek: {},
  forecastUsd: null,
  forecastBasis: null,
  status: null,
  alerts: [],
  source: 'test',
  otherLines: 0,
};

function inputs(over: Partial<ReportInputs> = {}): ReportInputs {
  return {
    view,
    scenarios: [],
    scenarioId: null,
    offerings: [],
    gpus: [],
    budget: noBudget,
    costRule: 'rule',
    generatedAt: '2025-12-20T10:00:00.000Z',
    appVersion: 'test',
    constants: { efficiency: { computeEfficiency: 0.5 }, memory: {}, cost: {} },
    calibration: { summary: 's', source: 'src', rows: [] },
    phaseEstimates: [
      {
        phaseId: 'm1-training',
        workloadLabel: 'resnet34-1d',
        error: null,
        alternatives: [
          alt({ planned: true, usdPerRun: '10.00', hoursPerRun: 1 }),
          alt({ gpuId: 'rtx-4060ti-8gb', gpuName: 'RTX 4060 Ti', offeringId: 'local', priceKind: 'purchase', usdPerRun: '1.00' }),
          alt({ gpuId: 't4-16gb', gpuName: 'T4', offeringId: 'aws-t4', usdPerRun: '4.00', hoursPerRun: 3 }),
          alt({ gpuId: 'rtx-3050-8gb', gpuName: 'RTX 3050', offeringId: 'tiny', usdPerRun: '0.50', fits: false }),
        ],
      },
    ],
    ...over,
  };
}

describe('assembleReportModel (the example plan, pure)', () => {
  const model = assembleReportModel(inputs());

  it('cover, tracks, milestones M1–M3 and the plan total', () => {
    expect(model.cover).toMatchObject({ projectId: 'vitaldb-2025', revision: 3, date: '2025-12-20', scenario: 'Current plan' });
    expect(model.tracks.map((t) => t.owner)).toEqual(['Aswanth Kumar', 'Jayanth Tatineni']);
    expect([...new Set(model.milestones.map((m) => m.code))]).toEqual(['M1', 'M2', 'M3']);
    // The plan's all-costs total (GPU + storage + transfer), its GPU part beside it.
    expect(model.summary.plannedUsd).toBe(analysis.totals.allCostsUsd);
    expect(model.summary.plannedGpuUsd).toBe(Number(analysis.totals.usd).toFixed(2));
    // The booked span (Monday of the first booked week → Sunday of the last), the same figure the scenarios table shows.
    expect(model.summary.durationDays).toBe(49);
  });

  it('cost groupings add up to the plan total within per-allocation rounding', () => {
    for (const rows of [model.costs.byTrack, model.costs.byMonth, model.costs.byProvider]) {
      expect(Math.abs(rows.reduce((s, r) => s + Number(r.usd), 0) - Number(model.costs.total))).toBeLessThan(0.05);
      expect(rows.reduce((s, r) => s + r.gpuHours, 0)).toBeCloseTo(model.summary.plannedGpuHours, 1);
    }
  });

  it('recommends the cheapest rental that fits: not a purchase, not one that does not fit', () => {
    const r = model.recommendations[0]!;
    expect(r.recommended?.offeringId).toBe('aws-t4');
    expect(r.why.join(' ')).toMatch(/costs \$6\.00 more per run than the cheapest rental; it saves 2\.00 h per run/);
    expect(model.nextSteps.some((s) => s.text.includes('consider T4'))).toBe(true);
    expect(model.nextSteps.some((s) => s.text.startsWith('Import the first billing export'))).toBe(true);
  });

  it('only the chosen sections, in report order; the chosen scenario is said on the cover', () => {
    const m = assembleReportModel(
      inputs({
        sections: ['next-steps', 'summary'],
        scenarioId: 'opt',
        scenarios: [
          {
            scenarioId: 'opt',
            name: 'Option 1',
            usd: '1',
            gpuHours: 1,
            durationDays: 1,
            errors: 0,
            warnings: 0,
            authorUsd: null,
            authorDays: null,
            authorRisk: null,
          },
        ],
      }),
    );
    expect(m.sections).toEqual(['summary', 'next-steps']);
    expect(m.cover.scenario).toMatch(/^Option 1/);
  });

  it('imported lines outside the project are a different next step than no data at all', () => {
    const m = assembleReportModel(inputs({ budget: { ...noBudget, otherLines: 11 } }));
    expect(m.nextSteps.some((s) => s.text.includes('11 are outside its window'))).toBe(true);
  });

  it('every CSV table has one row per item, header first', () => {
    expect(reportTable(model, 'allocations').rows).toHaveLength(plan.allocations.length);
    expect(reportTable(model, 'estimates').rows).toHaveLength(4);
    expect(reportTable(model, 'problems').header).toEqual(['severity', 'kind', 'week', 'message']);
  });
});

describe('the brief and plain words (issue 19 items 7, 9, 10)', () => {
  const gpus = [
    { id: 'l4-24gb', name: 'NVIDIA L4 24GB', memoryGiB: 24, source: 's' },
    { id: 'a100-sxm-40gb', name: 'NVIDIA A100 SXM4 40GB', memoryGiB: 40, source: 's' },
    { id: 't4-16gb', name: 'NVIDIA T4 16GB', memoryGiB: 16, source: 's' },
  ];
  const offerings = plan.plannedPrices.map((p) => ({
    id: p.offeringId,
    providerName: 'Google Colab',
    sku: p.offeringId.includes('pro-plus')
      ? `Colab Pro+ — ${p.offeringId.includes('a100') ? 'A100' : p.offeringId.includes('t4') ? 'T4' : 'L4'}`
      : 'Colab Pro — T4',
    gpuId: p.offeringId.includes('a100') ? 'a100-sxm-40gb' : p.offeringId.includes('t4') ? 't4-16gb' : 'l4-24gb',
    gpuCount: 1,
    prices: [],
  }));
  const current = {
    scenarioId: null,
    name: 'Current plan',
    usd: '639.73',
    gpuHours: 556,
    durationDays: 49,
    errors: 1,
    warnings: 8,
    authorUsd: null,
    authorDays: null,
    authorRisk: null,
  };
  const model = assembleReportModel(
    inputs({
      gpus,
      offerings,
      scenarios: [current, { ...current, scenarioId: 'cheap', name: 'All on L4', usd: '300', errors: 0 }],
      budget: { ...noBudget, budgetByMonth: { '2025-12': '115', '2026-01': '500' } },
    }),
  );

  it('the brief: decision, recommendation, Gantt with hardware per bar and milestones, months against budget, three risks, scenarios', () => {
    const b = model.brief;
    // GPU $637.03 + the example's dataset storage $2.70: one total, with the storage named in the decision.
    expect(b.decision).toContain('Approve $639.73 of GPU compute (556 GPU-hours), storage and data transfer ($2.70)');
    expect(b.recommendation.verdict).not.toBe('approve');
    expect(b.gantt.tracks).toHaveLength(plan.tracks.length);
    const vitaldb = b.gantt.tracks.find((t) => t.id === 'track-vitaldb')!;
    expect(vitaldb.bars.some((bar) => bar.label.includes('A100'))).toBe(true);
    expect(vitaldb.milestones.map((m) => m.code)).toEqual(['M1', 'M2', 'M3']);
    expect(b.months.map((m) => m.month)).toEqual(['2025-12', '2026-01']);
    expect(b.months.find((m) => m.month === '2026-01')!.over).toBe(true);
    expect(b.risks.length).toBeGreaterThan(0);
    expect(b.risks.length).toBeLessThanOrEqual(3);
    expect(b.scenarios.map((s) => s.name)).toEqual(['Current plan', 'All on L4']);
    expect(model.title).toContain('GPU plan review');
  });

  it('status reflects errors: over budget is bad; within budget with errors is a warning, never green', () => {
    expect(model.summary.status.tone).toBe('bad');
    expect(model.brief.status.tone).toBe('bad');
    const cheapPlan = {
      ...view,
      analysis: {
        ...view.analysis,
        totals: { ...view.analysis.totals, remainingUsd: '10', remainingAllCostsUsd: '7.30', budget: '10000' },
      },
    } as unknown as PlanView;
    const within = assembleReportModel(inputs({ view: cheapPlan }));
    expect(within.summary.errors).toBeGreaterThan(0);
    expect(within.summary.status.tone).toBe('warn');
    expect(within.summary.status.label).toMatch(/\d+ errors? open/);
    expect(within.summary.status.label).not.toMatch(/\b1 errors\b/);
  });

  it('no developer internals in the text: no ids, check kinds, code names, file paths or seed file hashes', () => {
    const text = JSON.stringify({
      b: model.brief,
      m: model.milestones.map((m) => [m.hardware, m.appBasis]),
      p: model.problems.map((p) => [p.message, p.kindWords]),
      n: model.nextSteps,
      a: model.technical,
      s: model.summary.budgetSource,
      al: model.allocations.map((a) => [a.gpu, a.offering, a.note]),
    });
    for (const bad of [
      'l4-24gb',
      'a100-sxm-40gb',
      't4-16gb',
      'colab-pro-plus-l4-24gb',
      'pool-concurrency',
      'computeEfficiency',
      '_243d45401a9fa866',
      '.ts',
      '../shared',
    ])
      expect(text, bad).not.toContain(bad);
    expect(text).not.toMatch(/Colab Colab|— T4 — T4|— L4 — L4/);
    expect(model.milestones[0]!.hardware).toBe('L4 24GB · Google Colab Pro+');
  });

  it('every cost grouping adds up to the plan total to the cent', () => {
    for (const rows of [model.costs.byTrack, model.costs.byMonth, model.costs.byProvider]) {
      expect(rows.reduce((t, r) => t + Math.round(Number(r.usd) * 100), 0)).toBe(Math.round(Number(model.costs.total) * 100));
    }
  });

  it('booked GPU-hours in the milestones are not capped at what is needed', () => {
    for (const m of model.milestones) expect(m.bookedHours).toBeGreaterThanOrEqual(m.allocatedHours);
    expect(model.milestones.some((m) => m.bookedHours > m.allocatedHours + 1)).toBe(true);
  });
});

describe('words a lead uses in the review (issue 28 item 4)', () => {
  const model = assembleReportModel(
    inputs({ constants: { efficiency: flattenConstants(FITTED), memory: { ...ASSUMPTIONS }, cost: { ...COST_ASSUMPTIONS } } }),
  );

  it('the estimator’s constants are a technical appendix in words, each with its value and source, no code names', () => {
    expect(model.sections.at(-1)).toBe('technical');
    const rows = model.technical.rows;
    expect(rows).toHaveLength(
      Object.keys(flattenConstants(FITTED)).length + Object.keys(ASSUMPTIONS).length + Object.keys(COST_ASSUMPTIONS).length,
    );
    expect(rows).toContainEqual({
      group: 'Speed',
      name: 'Blackwell: matrix products, share of peak relative to Hopper',
      value: '×1',
      source: 'no published data: taken as Hopper (stated)',
    });
    expect(rows.find((r) => r.name === 'Host time per framework operation per step')).toMatchObject({ value: '120 µs' });
    for (const r of rows) {
      const text = `${r.name} ${r.value} ${r.source}`;
      expect(text, text).not.toMatch(/\b[a-z][\w-]*\.[a-z][\w-]*\.[a-z]\w*\b|\b[a-z]{2,}[A-Z][a-z]\w*\b/); // architecture.blackwell.matmul, secondsPerOp
      expect(r.source.length, r.name).toBeGreaterThan(5);
    }
  });

  it('a price’s source is its document’s title or its publisher, never a file name or a URL', () => {
    const offeringId = plan.allocations[0]!.offeringId;
    const price = (id: number, source: string) => ({
      id,
      offeringId,
      kind: 'on-demand' as const,
      usd: 1,
      per: 'hour' as const,
      usdLow: null,
      usdHigh: null,
      asOf: '2025-12-01',
      source,
      notes: null,
      recordedAt: '2025-12-01T00:00:00Z',
    });
    const m = assembleReportModel(
      inputs({
        offerings: [
          {
            id: offeringId,
            providerName: 'Google Colab',
            sku: 'Colab Pro+',
            gpuId: 'l4-24gb',
            gpuCount: 1,
            prices: [
              price(1, 'seed 001 "VitalDB Training Infrastructure - One-Pager" (001_243d45401a9fa866.txt)'),
              price(2, 'RunPod GPU pricing, https://www.runpod.io/pricing'),
              price(3, 'Reseller quote, /home/lead/prices.csv'),
            ],
          },
        ] as unknown as ReportInputs['offerings'],
      }),
    );
    expect(m.prices.filter((p) => p.provider === 'Google Colab').map((p) => [p.source, p.asOf])).toEqual([
      ['source document “VitalDB Training Infrastructure - One-Pager”', '2025-12-01'],
      ['RunPod GPU pricing', '2025-12-01'],
      ['Reseller quote, an imported file', '2025-12-01'],
    ]);
  });

  it('models by their names in the model library, never their ids (resnet34-1d, resnet34_1d)', () => {
    expect(model.recommendations[0]!.workload).toBe('ResNet-34 1-D (PPG/ECG windows)');
    const calibration = calibrationSummary().rows.map((r) => r.workload);
    expect(calibration[0]).toBe('ResNet-34 1-D (PPG/ECG windows), windows of 500 samples, batch 64, fp32');
    for (const w of calibration) expect(w).not.toMatch(/_|\bresnet|\bbert|\bgpt|\bqwen|\bmistral/);
  });
});
