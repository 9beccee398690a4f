/**
 * A milestone phase's GPUs, nodes and software stack (issue 17): the draft the form edits and its merge into the
 * phase's saved workload (docs/cli.md `gpuCount`, `nodeCount`, `stack`), checked as the estimator checks them.
 */
import { STACKS, type Stack } from '../../../../shared/estimate/calibration';

export interface WorkloadScaleDraft {
  gpuCount: string;
  nodeCount: string;
  stack: Stack;
}

export type WorkloadScaleErrors = Partial<Record<keyof WorkloadScaleDraft, string>>;

/** The stack named by a value, eager PyTorch when it names none. */
export const stackOf = (value: unknown): Stack => STACKS.find((s) => s === value) ?? 'eager';

/** The draft of a saved workload (its figures, else one GPU on one node, eager PyTorch). */
export function scaleDraftOf(workload: Record<string, unknown> | null | undefined): WorkloadScaleDraft {
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? String(v) : '1');
  return { gpuCount: count(workload?.gpuCount), nodeCount: count(workload?.nodeCount), stack: stackOf(workload?.stack) };
}

const wholeCount = (text: string) => (/^\s*\d+\s*$/.test(text) && Number(text) >= 1 ? Number(text) : null);

/** The workload with the draft's GPUs, nodes and stack, or the fields' errors (nodes must split the GPUs evenly). */
export function applyWorkloadScale(
  workload: Record<string, unknown>,
  draft: WorkloadScaleDraft,
): { workload: Record<string, unknown> } | { errors: WorkloadScaleErrors } {
  const gpuCount = wholeCount(draft.gpuCount);
  const nodeCount = wholeCount(draft.nodeCount);
  const errors: WorkloadScaleErrors = {};
  if (gpuCount === null) errors.gpuCount = 'At least one GPU, a whole number (all nodes together).';
  if (nodeCount === null) errors.nodeCount = 'At least one node, a whole number.';
  else if (gpuCount !== null && (nodeCount > gpuCount || gpuCount % nodeCount !== 0))
    errors.nodeCount = `${gpuCount} GPUs do not split evenly over ${nodeCount} nodes.`;
  if (gpuCount === null || nodeCount === null || errors.nodeCount) return { errors };
  return { workload: { ...workload, gpuCount, nodeCount, stack: draft.stack } };
}
