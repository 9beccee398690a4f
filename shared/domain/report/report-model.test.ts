import { describe, expect, it } from 'vitest';
import type { PlanView } from '../../ipc/contract/plan';
import { analyzePlan } from '../plan/checks';
import { loadExample, plannedCatalog } from '../plan/test-fixtures';
import { assembleReportModel, type BudgetInput, type HardwareAlternative, type ReportInputs } from './report-model';
import { reportTable } from './report-tables';

const { plan } = loadExample();
const catalog = plannedCatalog(plan);
const analysis = analyzePlan(plan, catalog);
const view = { plan, revision: 3, weeks: analysis.totals.weeks.map((w) => w.week), analysis, catalog, history: { undoLabel: null, redoLabel: null }, analysisMs: 0 } as unknown as PlanView;

const alt = (over: Partial<HardwareAlternative>): HardwareAlternative => ({
  gpuId: 'l4-24gb', gpuName: 'NVIDIA L4', offeringId: 'colab-pro-plus-l4-24gb', offering: 'Google Colab Pro+ — L4', priceKind: 'on-demand', hoursPerRun: 1, usdPerRun: '10.00',
  fits: true, requiredGiB: 1, gpuMemoryGiB: 24, bound: 'overhead', planned: false, priceAsOf: '2025-12-10', priceSource: 'seed 001', ...over,
});
const noBudget: BudgetInput = { available: false, message: 'No billing data imported yet', actualUsd: null, actualByMonth: [], actualCumulativeByWeek: {}, forecastUsd: null, forecastBasis: null, status: null, alerts: [], source: 'test', otherLines: 0 };

function inputs(over: Partial<ReportInputs> = {}): ReportInputs {
  return {
    view, scenarios: [], scenarioId: null, offerings: [], gpus: [], budget: noBudget, costRule: 'rule', generatedAt: '2025-12-20T10:00:00.000Z', appVersion: 'test',
    constants: { efficiency: { computeEfficiency: 0.5 }, memory: {}, cost: {} }, calibration: { summary: 's', source: 'src', rows: [] },
    phaseEstimates: [{
      phaseId: 'm1-training', workloadLabel: 'resnet34-1d', error: null,
      alternatives: [
        alt({ planned: true, usdPerRun: '10.00', hoursPerRun: 1 }),
        alt({ gpuId: 'rtx-4060ti-8gb', gpuName: 'RTX 4060 Ti', offeringId: 'local', priceKind: 'purchase', usdPerRun: '1.00' }),
        alt({ gpuId: 't4-16gb', gpuName: 'T4', offeringId: 'aws-t4', usdPerRun: '4.00', hoursPerRun: 3 }),
        alt({ gpuId: 'rtx-3050-8gb', gpuName: 'RTX 3050', offeringId: 'tiny', usdPerRun: '0.50', fits: false }),
      ],
    }],
    ...over,
  };
}

describe('assembleReportModel (the example plan, pure)', () => {
  const model = assembleReportModel(inputs());

  it('cover, tracks, milestones M1–M3 and the plan total', () => {
    expect(model.cover).toMatchObject({ projectId: 'vitaldb-2025', revision: 3, date: '2025-12-20', scenario: 'Current plan' });
    expect(model.tracks.map((t) => t.owner)).toEqual(['Aswanth Kumar', 'Jayanth Tatineni']);
    expect([...new Set(model.milestones.map((m) => m.code))]).toEqual(['M1', 'M2', 'M3']);
    expect(model.summary.plannedUsd).toBe(Number(analysis.totals.usd).toFixed(2));
    expect(model.summary.durationDays).toBe(52);
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
    const m = assembleReportModel(inputs({ sections: ['next-steps', 'summary'], scenarioId: 'opt', scenarios: [{ scenarioId: 'opt', name: 'Option 1', usd: '1', gpuHours: 1, durationDays: 1, errors: 0, warnings: 0, authorUsd: null, authorDays: null, authorRisk: null }] }));
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
