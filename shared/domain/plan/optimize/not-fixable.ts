/**
 * Problems no schedule can fix (issue 27 item 5): what one run of a milestone breaks on its offering (a run longer than
 * a session or a job's timeout, a spot run without resume, a dataset larger than the host), a milestone without
 * hardware, an offering gone from the catalog, a missing exchange rate. Moving bookings leaves them as they are, so a
 * suggestion reports them apart from what binds, each with what would fix it.
 */
import type { Problem, ProblemKind } from '../checks';

export interface NotFixableBySchedulingItem {
  kind: ProblemKind;
  severity: Problem['severity'];
  message: string;
  /** What would fix it, in a sentence. */
  fix: string;
  milestoneId: string | null;
}

const FIXES: Partial<Record<ProblemKind, string>> = {
  'run-over-session':
    "Save checkpoints within the session and resume from the last one (the workload's checkpoint interval and “Resumes from its last checkpoint”), or choose an offering whose sessions last longer.",
  'run-over-job-timeout':
    "Submit the job with a longer timeout (the workload's job timeout), or save checkpoints within it and resume from the last one.",
  'spot-without-checkpoint': 'Resume from checkpoints after an interruption, or book the on-demand price.',
  'dataset-over-disk': 'Choose an offering whose host has more disk, or stream the dataset from storage.',
  'dataset-over-memory': 'Choose an offering whose host has more memory, or load the dataset in shards.',
  'run-over-offering-gpus': 'Choose an offering with as many GPUs as one run uses, or lower the run’s GPU count.',
  'run-nodes-without-network': 'Choose an offering whose nodes are networked for multi-node runs, or run on one node.',
  'milestone-no-hardware': 'Choose an offering (or a GPU) for the milestone.',
  'offering-missing': 'Choose an offering that is in the catalog for the milestone and its bookings.',
  'exchange-rate-missing': "Add an exchange rate into the project's currency for the weeks it lacks.",
};

/** The problems of a plan that no schedule fixes (errors and warnings), with what would fix each. */
export function notFixableByScheduling(problems: readonly Problem[]): NotFixableBySchedulingItem[] {
  return problems
    .filter((p) => p.severity !== 'info' && FIXES[p.kind] !== undefined)
    .map((p) => ({ kind: p.kind, severity: p.severity, message: p.message, fix: FIXES[p.kind]!, milestoneId: p.milestoneId ?? null }));
}
