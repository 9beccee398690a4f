/**
 * Plan checks of a single run against its offering (shared/estimate/run-rules.ts): a milestone phase whose one run is
 * longer than its offering's session or job timeout without checkpointing that fits (error), a spot run without
 * resume (warning), a dataset larger than the host's disk or RAM (warning). The run's hours are the author's per-run
 * range and the app's estimate per run; the rule holds against the longer of them, and the message names both.
 */
import { earlyStoppingLine, formatHours, runRuleFindings, type EarlyStoppingLine, type RunOptions } from '../../estimate/run-rules';
import { hostOf, runLimitsOf } from '../run-limits';
import type { Problem } from './problem';
import type { PriceBook } from './pricing';
import type { Milestone, MilestonePhase, Plan } from './types';
import { weekOf } from './weeks';

/** One run's hours of a phase, and how they read: "36–48 h (author; app estimate 14.2 h)". */
export function phaseRunHours(phase: MilestonePhase): { low: number; high: number; text: string } | null {
  const author = phase.authorEstimate?.hoursPerRun ?? null;
  const app = phase.appEstimate?.hoursPerRun ?? null;
  if (!author && app === null) return null;
  const authorText = author ? (author.low === author.high ? formatHours(author.low) : `${author.low}–${formatHours(author.high)}`) : null;
  const text =
    authorText && app !== null
      ? `${authorText} (author; app estimate ${formatHours(app)})`
      : authorText
        ? `${authorText} (author)`
        : `${formatHours(app!)} (app estimate)`;
  const values = [...(author ? [author.low, author.high] : []), ...(app !== null ? [app] : [])];
  return { low: Math.min(...values), high: Math.max(...values), text };
}

function phaseLabel(milestone: Milestone, phase: MilestonePhase): string {
  return phase.name === milestone.name || milestone.phases.length === 1 ? milestone.code : `${milestone.code} ${phase.name}`;
}

function optionsOf(workload: Record<string, unknown> | null): RunOptions {
  if (!workload) return {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const dataset = workload.dataset && typeof workload.dataset === 'object' ? (workload.dataset as Record<string, unknown>) : null;
  const diskGB = num(dataset?.diskGB);
  const hostMemoryGB = num(dataset?.hostMemoryGB);
  const checkpointEveryMinutes = num(workload.checkpointEveryMinutes);
  const jobTimeoutHours = num(workload.jobTimeoutHours);
  return {
    ...(workload.resumeFromCheckpoint === true ? { resumeFromCheckpoint: true } : {}),
    ...(checkpointEveryMinutes !== undefined ? { checkpointEveryMinutes } : {}),
    ...(jobTimeoutHours !== undefined ? { jobTimeoutHours } : {}),
    dataset: { ...(diskGB !== undefined ? { diskGB } : {}), ...(hostMemoryGB !== undefined ? { hostMemoryGB } : {}) },
  };
}

/** The run-rule problems of every milestone phase that has an offering. */
export function runRuleProblems(plan: Plan, book: PriceBook): Problem[] {
  const problems: Problem[] = [];
  for (const milestone of plan.milestones) {
    for (const phase of milestone.phases) {
      if (!phase.offeringId) continue;
      const offering = book.offerings.get(phase.offeringId);
      const run = phaseRunHours(phase);
      if (!offering || offering.deleted || !run) continue;
      const label = phaseLabel(milestone, phase);
      const findings = runRuleFindings({
        subject: `${label}'s run`,
        offeringLabel: offering.label,
        runHours: run,
        runHoursText: run.text,
        limits: runLimitsOf(offering.id),
        priceKind: book.price(offering.id)?.kind ?? null,
        host: hostOf(offering.id),
        options: optionsOf(phase.workload),
      });
      const week = weekOf(phase.start);
      for (const f of findings)
        problems.push({
          id: `${f.kind}:${phase.id}`,
          kind: f.kind,
          severity: f.severity,
          week,
          trackId: milestone.trackId,
          milestoneId: milestone.id,
          cell: { row: 'milestone', trackId: milestone.trackId, milestoneId: milestone.id, phaseId: phase.id, week },
          message: f.message,
        });
    }
  }
  return problems;
}

/** The early-stopping line of a phase: its workload's expected fraction applied to the app's estimate, kept apart. */
export function phaseEarlyStopping(phase: MilestonePhase): EarlyStoppingLine | null {
  const early = phase.workload?.earlyStopping;
  const fraction = early && typeof early === 'object' ? (early as { expectedFraction?: unknown }).expectedFraction : undefined;
  if (typeof fraction !== 'number' || !(fraction > 0 && fraction < 1) || !phase.appEstimate) return null;
  return earlyStoppingLine(phase.appEstimate.hours, phase.appEstimate.usd, fraction);
}
