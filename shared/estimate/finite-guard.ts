/**
 * The last guard of an estimate: a figure that overflowed (Infinity, NaN, or a value that rounds to nothing where it
 * cannot be nothing) is refused with the field to change, never shown as "0 GiB" or "0 hours".
 */
import { UserError } from '../domain/errors';

interface GuardedResult {
  gpuId: string;
  memory: { peakGiB: number; requiredGiB: number };
  training?: { hours: number | null } | null;
}

function bad(value: number | null | undefined, mayBeZero: boolean): boolean {
  if (value === null || value === undefined) return false;
  return !Number.isFinite(value) || value < 0 || (!mayBeZero && value === 0);
}

export function assertFiniteEstimate(
  model: { params: number; forwardFlopsPerSample: number },
  results: readonly GuardedResult[],
  hasTraining: boolean,
): void {
  const refuse = (what: string, field: string) => {
    throw new UserError(
      'ESTIMATE_OUT_OF_RANGE',
      `${what} is beyond what can be computed (it overflows): check ${field}, which describes a model or data far outside any real training run.`,
      { field, expected: 'a model and dataset of a size real training runs have' },
    );
  };
  if (bad(model.params, false)) refuse('The parameter count', 'model');
  if (bad(model.forwardFlopsPerSample, false)) refuse('The FLOPs per sample', 'model');
  for (const r of results) {
    if (bad(r.memory.peakGiB, false) || bad(r.memory.requiredGiB, false)) refuse(`The memory needed on ${r.gpuId}`, 'model');
    if (hasTraining && r.training && (r.training.hours === null || bad(r.training.hours, false)))
      refuse(`The training time on ${r.gpuId}`, 'dataset, epochs and inputPipelineSamplesPerSecond');
  }
}
