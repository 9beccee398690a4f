/**
 * One workload per milestone: a bundled saved workload may name a phase of an example project instead of repeating
 * its inputs (`"fromPhase": "m1-training"`), so the Estimate screen's "VitalDB M1" and the plan's M1 are the same run
 * (seed 001: 1-second PPG windows of 100 samples).
 */
import { UserError } from '../errors';

export interface BundledWorkloadEntry {
  id: string;
  name: string;
  notes?: string;
  /** The inputs, when the workload is not a milestone's. */
  workload?: Record<string, unknown>;
  /** A phase id of the example project whose workload this is. */
  fromPhase?: string;
}

interface ProjectWithPhases {
  plan: { milestones: Array<{ code: string; phases: Array<{ id: string; workload?: Record<string, unknown> | null }> }> };
}

/** The bundled workloads with every `fromPhase` replaced by that phase's own workload. */
export function resolveBundledWorkloads(
  entries: readonly BundledWorkloadEntry[],
  project: ProjectWithPhases,
  file = 'resources/models/workloads.json',
): Array<{ id: string; name: string; workload: Record<string, unknown> }> {
  const phases = new Map(project.plan.milestones.flatMap((m) => m.phases.map((p) => [p.id, p.workload ?? null] as const)));
  return entries.map((entry) => {
    if (entry.fromPhase === undefined) {
      if (!entry.workload)
        throw new UserError('BAD_WORKLOAD_FILE', `${file}#${entry.id}: neither a workload nor a milestone phase`, {
          file,
          field: `${entry.id}.workload`,
          expected: 'a workload object or "fromPhase": "<phase id of the example project>"',
        });
      return { id: entry.id, name: entry.name, workload: entry.workload };
    }
    const workload = phases.get(entry.fromPhase);
    if (!workload)
      throw new UserError(
        'BAD_WORKLOAD_FILE',
        `${file}#${entry.id}: the example project has no phase "${entry.fromPhase}" with a workload`,
        {
          file,
          field: `${entry.id}.fromPhase`,
          value: entry.fromPhase,
          expected: `one of ${[...phases.keys()].join(', ')}`,
        },
      );
    return { id: entry.id, name: entry.name, workload };
  });
}
