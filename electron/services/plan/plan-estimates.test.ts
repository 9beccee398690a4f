import { describe, expect, it } from 'vitest';
import { demandHours } from '../../../shared/domain/plan/optimize/schedule-demands';
import { phaseNeededHours } from '../../../shared/domain/plan/milestone-coverage';
import { loadExample, plannedCatalog } from '../../../shared/domain/plan/test-fixtures';
import type { MilestonePhase } from '../../../shared/domain/plan/types';
import { otherOfferings } from './optimize/optimize.service';
import { estimatePhase, type WorkloadEstimator } from './plan-estimates';

const NOW = new Date('2026-01-05T00:00:00Z');
/** Wall-clock hours of one run, whatever the GPU count: the engine's `training.hours`. */
const WALL_HOURS = 10;

/** A stand-in engine that answers as estimateWorkload does: wall-clock hours of a run on the workload's gpuCount GPUs. */
const engine: WorkloadEstimator = (workload, gpuIds) => ({
  results: gpuIds.map((gpuId) => ({
    gpuId,
    gpuCount: typeof workload.gpuCount === 'number' ? workload.gpuCount : 1,
    fits: true,
    training: { hours: WALL_HOURS },
    throughput: { bound: 'compute' },
  })),
});

function examplePhase(gpuCount: number, nodeCount = 1) {
  const { plan } = loadExample();
  const phase: MilestonePhase = plan.milestones[0]!.phases[0]!;
  phase.workload = { ...phase.workload, gpuCount, nodeCount };
  return { plan, phase, catalog: plannedCatalog(plan) };
}

describe('plan estimates count every GPU a multi-GPU workload uses (issue 17)', () => {
  it('one GPU: GPU-hours are the wall-clock hours', async () => {
    const { plan, phase, catalog } = examplePhase(1);
    const e = await estimatePhase(plan, catalog, phase, engine, NOW);
    // runs 3–5 → 4 at the midpoint
    expect(e).toMatchObject({ hoursPerRun: 10, hours: 40, gpus: 1 });
  });

  it('4 GPUs (2 nodes × 2): the phase needs 4× the GPU-hours and costs 4× as much', async () => {
    const one = examplePhase(1);
    const four = examplePhase(4, 2);
    const e1 = (await estimatePhase(one.plan, one.catalog, one.phase, engine, NOW))!;
    const e4 = (await estimatePhase(four.plan, four.catalog, four.phase, engine, NOW))!;
    expect(e4).toMatchObject({ hoursPerRun: 40, hours: 160, gpus: 4 });
    expect(Number(e4.usd)).toBeCloseTo(4 * Number(e1.usd), 2);
    expect(e4.basis).toContain('4 GPUs × 10 h');
    // the checks and the optimizer read the same GPU-hours
    four.phase.appEstimate = e4;
    expect(phaseNeededHours(four.phase).hours).toBe(160);
    expect(demandHours(four.phase, 'high').hours).toBe(200);
  });

  it("the optimizer's other offerings cost every GPU of the run", async () => {
    const four = examplePhase(4);
    const options = await otherOfferings(four.plan, four.catalog, engine, 'high');
    const alt = options[four.phase.id]!;
    expect(alt.length).toBeGreaterThan(0);
    // 5 runs × 10 h × 4 GPUs
    for (const o of alt) expect(o.gpuHours).toBe(200);
  });
});

describe('a phase on a multi-GPU offering counts every GPU its run uses (issue 28 item 8)', () => {
  it("a 1-GPU workload on a 4-GPU instance: the engine's run on 4 GPUs, 4 GPU-hours an hour at the per-GPU-hour price", async () => {
    const onFour: WorkloadEstimator = (workload, gpuIds) => ({
      results: gpuIds.map((gpuId) => ({
        gpuId,
        gpuCount: 1,
        fits: true,
        training: {
          hours: 10,
          offerings: [{ offeringId: phase.offeringId!, hours: 3, setup: { gpus: 4, label: '4 × L4, data-parallel' } }],
        },
        throughput: { bound: 'compute' },
      })),
    });
    const { plan, phase, catalog } = examplePhase(1);
    const e = (await estimatePhase(plan, catalog, phase, onFour, NOW))!;
    // 4 runs × 3 h wall-clock × 4 GPUs
    expect(e).toMatchObject({ hoursPerRun: 12, hours: 48, gpus: 4 });
    expect(e.basis).toContain('4 GPUs × 3 h (4 × L4, data-parallel)');
  });
});

describe('a phase on a subscription costs its months, not $0 (issue 25 item 5)', () => {
  it("M1 moved to Colab Pro's T4: 4 runs × 10 h = 40 T4-hours in December, 47.6 of 100 CU: the month's fee", async () => {
    const { plan, phase, catalog } = examplePhase(1);
    phase.offeringId = 'colab-pro-t4-16gb';
    phase.gpuId = 't4-16gb';
    const e = (await estimatePhase(plan, catalog, phase, engine, NOW))!;
    expect(e.hours).toBe(40);
    expect(e.usd).toBe('10.00');
    expect(e.basis).toContain('subscription $10/month: 2025-12 Colab Pro 47.6 CU of 100');
  });

  it('hours beyond the allowance buy top-ups: 4 runs × 60 h = 240 T4-hours = 285.6 CU, two 100-CU packs', async () => {
    const long: WorkloadEstimator = (workload, gpuIds) => ({
      results: gpuIds.map((gpuId) => ({ gpuId, gpuCount: 1, fits: true, training: { hours: 60 }, throughput: { bound: 'compute' } })),
    });
    const { plan, phase, catalog } = examplePhase(1);
    phase.offeringId = 'colab-pro-t4-16gb';
    phase.gpuId = 't4-16gb';
    const e = (await estimatePhase(plan, catalog, phase, long, NOW))!;
    expect(e.hours).toBe(240);
    expect(e.usd).toBe('29.98'); // $10 + 2 × $9.99
    expect(e.basis).toContain('2 × 100 CU top-up');
  });
});

describe("a phase's estimate carries its range, narrowed by recorded runs (issue 29 item 5)", () => {
  /** The engine with a memory-bound range: 100 samples/s, 76.9–125 (model ÷ measured ×0.8–×1.3). */
  const ranged: WorkloadEstimator = (workload, gpuIds) => ({
    results: engine(workload, gpuIds).results.map((r) => ({
      ...r,
      throughput: {
        bound: 'memory',
        samplesPerSecond: 100,
        samplesPerSecondLow: 100 / 1.3,
        samplesPerSecondHigh: 100 / 0.8,
        uncertainty: { regime: 'memory-bound' },
      },
    })),
  });

  it('P10–P90 of the hours from the engine’s range; one recorded run of the same model on the same offering narrows it', () => {
    const { plan, phase, catalog } = examplePhase(1);
    const e = estimatePhase(plan, catalog, phase, ranged, NOW)!;
    expect(e.hoursRange).toMatchObject({ low: 32, high: 52 }); // 40 h × 0.8 … × 1.3
    const correction = {
      modelFamily: 'resnet34-1d',
      modelLabel: 'ResNet34-1D',
      offeringId: phase.offeringId!,
      offeringLabel: 'Colab Pro+ — L4',
      gpuId: 'l4-24gb',
      ratio: 1.1,
      measured: { geometricMean: 1.1, min: 1.1, max: 1.1, runs: 1 },
      override: null,
      ignored: false,
      evidence: [{ runId: 1, hours: 11, estimatedHours: 10, ratio: 1.1 }],
      text: '×1.1 from 1 run of yours',
    };
    const corrected = estimatePhase(plan, catalog, phase, ranged, NOW, [correction])!;
    expect(corrected.hours).toBe(44);
    const width = (r: { low: number; high: number }) => r.high / r.low;
    expect(width(corrected.hoursRange!)).toBeLessThan(width(e.hoursRange!));
    expect(corrected.hoursRange!.basis).toMatch(/narrowed by 1 recorded run of yours/);
    // a ratio set by hand is no evidence: the range keeps the estimator's width
    const byHand = estimatePhase(plan, catalog, phase, ranged, NOW, [{ ...correction, override: 1.1 }])!;
    expect(width(byHand.hoursRange!)).toBeCloseTo(width(e.hoursRange!), 6);
  });
});
