import { describe, expect, it } from 'vitest';
import type { Milestone, MilestonePhase } from '../plan/types';
import { billedUsageByPhase, type UsageLine } from './billed-usage';

const phase = (id: string, start: string, end: string, hoursPerRun: number | null): MilestonePhase => ({
  id,
  name: id,
  start,
  end,
  offeringId: 'aws-g6',
  gpuId: 'l4-24gb',
  runs: { low: 3, high: 5 },
  workload: null,
  authorEstimate: null,
  appEstimate:
    hoursPerRun === null
      ? null
      : { hours: 5 * hoursPerRun, hoursPerRun, usd: '1', computedAt: '2026-01-01T00:00:00Z', priceAsOf: null, basis: '' },
});
const milestone = (id: string, trackId: string, phases: MilestonePhase[]): Milestone => ({
  id,
  trackId,
  code: id.toUpperCase(),
  name: `milestone ${id}`,
  description: '',
  facts: [],
  phases,
  position: 0,
});
const line = (over: Partial<UsageLine>): UsageLine => ({
  trackId: 't1',
  chargePeriodStart: '2025-12-21T00:00:00Z',
  instanceType: 'g6.xlarge',
  sku: null,
  service: 'Amazon Elastic Compute Cloud',
  usageQuantity: '12',
  usageUnit: 'Hrs',
  ...over,
});

describe('billed GPU-hours against a milestone phase estimate (issue 29 item 2)', () => {
  const milestones = [
    milestone('m1', 't1', [phase('m1-a', '2025-12-21', '2025-12-23', 8)]),
    milestone('m2', 't1', [phase('m2-a', '2025-12-24', '2026-01-05', null)]),
    milestone('m3', 't2', [phase('m3-a', '2025-12-21', '2025-12-31', 4)]),
  ];

  it('sums the GPU-hours of GPU lines in hours on the phase track and dates, and compares them with the estimate', () => {
    const [m1, m2] = billedUsageByPhase(milestones, [
      line({}),
      line({ chargePeriodStart: '2025-12-23T23:00:00Z', usageQuantity: '1.5E1', usageUnit: 'Hours' }), // last day counts
      line({ instanceType: 'g6.12xlarge', usageQuantity: '2' }), // 4 GPUs per instance
      line({ instanceType: 'm5.large', usageQuantity: '100' }), // not a GPU line
      line({ usageUnit: 'GB', usageQuantity: '500' }), // GPU line, not in hours
      line({ trackId: null }), // not allocated to a track
      line({ chargePeriodStart: '2025-12-26T00:00:00Z', usageQuantity: '6' }), // M2's dates: no estimate there
      line({ trackId: 't3' }), // another project's track
    ]);
    expect(m1).toMatchObject({ phaseId: 'm1-a', billedGpuHours: 35, lines: 3, estimatedGpuHours: { low: 24, high: 40 } });
    expect(m1!.ratio).toBeCloseTo(35 / 40, 10);
    expect(m1!.text).toBe("35 GPU-h billed in 3 GPU lines (2025-12-21 to 2025-12-23): ×0.875 the estimate's 24–40 GPU-h");
    expect(m2).toMatchObject({ phaseId: 'm2-a', billedGpuHours: 6, lines: 1, estimatedGpuHours: null, ratio: null });
    expect(m2!.text).toMatch(/no estimate to compare with$/);
  });

  it('a phase without a billed GPU line is not listed; a line counts once, for its track only', () => {
    expect(billedUsageByPhase(milestones, [])).toEqual([]);
    const only = billedUsageByPhase(milestones, [line({ trackId: 't2', chargePeriodStart: '2025-12-22T10:00:00Z' })]);
    expect(only.map((b) => [b.phaseId, b.billedGpuHours])).toEqual([['m3-a', 12]]);
  });
});
