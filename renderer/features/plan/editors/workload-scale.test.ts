import { describe, expect, it } from 'vitest';
import { applyWorkloadScale, scaleDraftOf, stackOf } from './workload-scale';

const workload = { model: { preset: 'resnet34-1d' }, batchSize: 256, gpuCount: 1 };

describe('a milestone phase’s GPUs, nodes and stack (issue 17)', () => {
  it('reads the saved workload, else one GPU, one node, eager', () => {
    expect(scaleDraftOf(null)).toEqual({ gpuCount: '1', nodeCount: '1', stack: 'eager' });
    expect(scaleDraftOf({ gpuCount: 8, nodeCount: 2, stack: 'compiled' })).toEqual({ gpuCount: '8', nodeCount: '2', stack: 'compiled' });
    expect(scaleDraftOf({ gpuCount: -3, stack: 'turbo' })).toEqual({ gpuCount: '1', nodeCount: '1', stack: 'eager' });
    expect(stackOf('optimized')).toBe('optimized');
  });

  it('writes them into the workload the plan estimates from', () => {
    expect(applyWorkloadScale(workload, { gpuCount: '8', nodeCount: '2', stack: 'optimized' })).toEqual({
      workload: { ...workload, gpuCount: 8, nodeCount: 2, stack: 'optimized' },
    });
  });

  it('refuses counts the estimator refuses, naming the field', () => {
    expect(applyWorkloadScale(workload, { gpuCount: '0', nodeCount: '1', stack: 'eager' })).toEqual({
      errors: { gpuCount: expect.stringContaining('At least one GPU') },
    });
    expect(applyWorkloadScale(workload, { gpuCount: '2.5', nodeCount: 'x', stack: 'eager' })).toMatchObject({
      errors: { gpuCount: expect.any(String), nodeCount: expect.any(String) },
    });
    expect(applyWorkloadScale(workload, { gpuCount: '6', nodeCount: '4', stack: 'eager' })).toEqual({
      errors: { nodeCount: '6 GPUs do not split evenly over 4 nodes.' },
    });
  });
});
