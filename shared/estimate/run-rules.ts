/**
 * Rules a single training run must respect on an offering, as sentences a person reads:
 * - a session that ends (Colab: 24 h) or a job timeout (Hugging Face Jobs: 30 min unless set) shorter than the run,
 *   without checkpointing that fits — "fits" means the script resumes from its last checkpoint (workload
 *   `resumeFromCheckpoint: true`) and saves one at least once per session (`checkpointEveryMinutes` ≤ the limit);
 * - spot capacity (evicted at 30 s – 2 min notice) without checkpoint and resume: an eviction restarts the run;
 * - a dataset larger than the host's local disk or RAM (workload `dataset.diskGB` / `dataset.hostMemoryGB`).
 * Also the early-stopping line: the hours and cost an expected stop at a fraction of the epochs would save, kept apart
 * from the main figure. Pure: the plan checks and the estimate explanation call these.
 */
import { readableSource } from '../domain/source-documents';
import Big from 'big.js';
import type { OfferingHost, ProviderLimits } from '../domain/run-limits';

export const RUN_RULE_KINDS = [
  'run-over-session',
  'run-over-job-timeout',
  'spot-without-checkpoint',
  'dataset-over-disk',
  'dataset-over-memory',
] as const;
export type RunRuleKind = (typeof RUN_RULE_KINDS)[number];

export interface RunRuleFinding {
  kind: RunRuleKind;
  severity: 'error' | 'warning';
  message: string;
}

/** The workload fields the rules read (a saved workload JSON or a parsed Workload). */
export interface RunOptions {
  resumeFromCheckpoint?: boolean;
  checkpointEveryMinutes?: number;
  jobTimeoutHours?: number;
  dataset?: { diskGB?: number; hostMemoryGB?: number };
}

export interface RunRuleInput {
  /** Who runs: "M3's run", "One run". */
  subject: string;
  /** The offering in words: "Colab Pro+ A100". */
  offeringLabel: string;
  /** Hours of one run: low–high (equal for a single figure). */
  runHours: { low: number; high: number };
  /** How the hours read, with where they come from: "36–48 h (author)". */
  runHoursText: string;
  limits: (ProviderLimits & { providerName: string }) | null;
  /** The price kind the run is costed at (spot needs checkpoints), null when unknown. */
  priceKind: string | null;
  host: OfferingHost | null;
  options: RunOptions;
}

const DEFAULT_CHECKPOINT_MINUTES = 30;

/** Up to the first `;` of a limits source: enough to say where the figure comes from. */
/** The limit's source as a person reads it (no seed file hashes). */
function sourceOf(source: string): string {
  return readableSource(source.split(';')[0]!.trim());
}

export function formatHours(h: number): string {
  if (h < 1) return `${Math.round(h * 60)} min`;
  return `${Number.isInteger(h) ? h : Math.round(h * 10) / 10} h`;
}

/** Checkpointing fits a limit: the run resumes, and saves at least once per limit. */
export function checkpointingFits(options: RunOptions, limitHours: number): boolean {
  const every = (options.checkpointEveryMinutes ?? DEFAULT_CHECKPOINT_MINUTES) / 60;
  return options.resumeFromCheckpoint === true && every <= limitHours;
}

function checkpointAdvice(options: RunOptions, limitHours: number): string {
  const every = (options.checkpointEveryMinutes ?? DEFAULT_CHECKPOINT_MINUTES) / 60;
  if (options.resumeFromCheckpoint === true)
    return `checkpoints every ${formatHours(every)} are further apart than that: save one at least every ${formatHours(limitHours)}`;
  return `enable checkpointing every ≤ ${formatHours(limitHours)} and resume from it (the workload’s “Resumes from its last checkpoint”)`;
}

function sessionFinding(i: RunRuleInput, limits: ProviderLimits & { providerName: string }): RunRuleFinding | null {
  const session = limits.sessionHours;
  if (session === null || i.runHours.high <= session || checkpointingFits(i.options, session)) return null;
  return {
    kind: 'run-over-session',
    severity: 'error',
    message: `${i.subject} takes ${i.runHoursText} on ${i.offeringLabel}; a ${limits.providerName} session ends after ${formatHours(session)}: ${checkpointAdvice(i.options, session)} or use another offering (limit: ${sourceOf(limits.source)}).`,
  };
}

function timeoutFinding(i: RunRuleInput, limits: ProviderLimits & { providerName: string }): RunRuleFinding | null {
  if (limits.jobTimeoutDefaultHours === null) return null;
  const set = i.options.jobTimeoutHours;
  const timeout = set ?? limits.jobTimeoutDefaultHours;
  if (i.runHours.high <= timeout || checkpointingFits(i.options, timeout)) return null;
  const stated = set === undefined ? `${formatHours(limits.jobTimeoutDefaultHours)} unless set` : `set to ${formatHours(set)} here`;
  return {
    kind: 'run-over-job-timeout',
    severity: set === undefined ? 'warning' : 'error',
    message: `${i.subject} takes ${i.runHoursText} on ${i.offeringLabel}; a ${limits.providerName} job stops at its timeout (${stated}): submit it with a timeout above ${formatHours(i.runHours.high)} (workload jobTimeoutHours) or ${checkpointAdvice(i.options, timeout)} (limit: ${sourceOf(limits.source)}).`,
  };
}

function spotFinding(i: RunRuleInput, limits: ProviderLimits & { providerName: string }): RunRuleFinding | null {
  const notice = limits.spotEvictionNoticeSeconds;
  if (i.priceKind !== 'spot' || notice === null || i.options.resumeFromCheckpoint === true) return null;
  const words = notice >= 60 ? `${notice / 60} minute${notice === 60 ? '' : 's'}` : `${notice} seconds`;
  return {
    kind: 'spot-without-checkpoint',
    severity: 'warning',
    message: `${i.subject} (${i.runHoursText}) runs on ${limits.providerName} spot capacity (${i.offeringLabel}), which can be evicted with ${words}' notice: without checkpoints it resumes from (the workload’s “Resumes from its last checkpoint”) an eviction restarts the run from the start (notice: ${sourceOf(limits.source)}).`,
  };
}

function hostFindings(i: RunRuleInput): RunRuleFinding[] {
  const host = i.host;
  const data = i.options.dataset;
  if (!host || !data) return [];
  const out: RunRuleFinding[] = [];
  const where = host.source ? ` (host: ${sourceOf(host.source)})` : '';
  if (data.diskGB !== undefined && host.localDiskGB !== null && data.diskGB > host.localDiskGB)
    out.push({
      kind: 'dataset-over-disk',
      severity: 'warning',
      message: `${i.subject}'s dataset takes ${data.diskGB} GB on disk but ${i.offeringLabel} has ${host.localDiskGB} GB of local disk: attach a larger volume or stream the data${where}.`,
    });
  if (data.hostMemoryGB !== undefined && host.ramGiB !== null && data.hostMemoryGB > host.ramGiB)
    out.push({
      kind: 'dataset-over-memory',
      severity: 'warning',
      message: `${i.subject}'s dataset takes ${data.hostMemoryGB} GB in host memory but ${i.offeringLabel} has ${host.ramGiB} GB of RAM: load it in pieces (stream from disk) or choose a larger instance.`,
    });
  return out;
}

/** Every rule a run breaks on the offering (empty: none). */
export function runRuleFindings(i: RunRuleInput): RunRuleFinding[] {
  const limits = i.limits;
  const out: RunRuleFinding[] = [];
  if (limits) {
    for (const f of [sessionFinding(i, limits), timeoutFinding(i, limits), spotFinding(i, limits)]) if (f) out.push(f);
  }
  return [...out, ...hostFindings(i)];
}

export interface EarlyStoppingLine {
  expectedFraction: number;
  hoursSaved: number;
  /** null when the run has no cost (no price). */
  usdSaved: string | null;
  hoursWith: number;
  usdWith: string | null;
  /** "−1.2 h, −$3.40" */
  savedText: string;
  text: string;
}

/** What stopping at `expectedFraction` of the epochs would save on a run of `hours` costing `usd` — its own line. */
export function earlyStoppingLine(hours: number, usd: string | null, expectedFraction: number): EarlyStoppingLine {
  const saved = new Big(1).minus(expectedFraction);
  const hoursSaved = Math.round(hours * saved.toNumber() * 100) / 100;
  const usdSaved = usd === null ? null : new Big(usd).times(saved).round(2, Big.roundHalfUp).toFixed(2);
  const usdWith = usd === null || usdSaved === null ? null : new Big(usd).minus(usdSaved).toFixed(2);
  const percent = Math.round(expectedFraction * 100);
  const savedText = `−${formatHours(hoursSaved)}${usdSaved === null ? '' : `, −$${usdSaved}`}`;
  return {
    expectedFraction,
    hoursSaved,
    usdSaved,
    hoursWith: Math.round((hours - hoursSaved) * 100) / 100,
    usdWith,
    savedText,
    text: `with early stopping at ~${percent} % of epochs: ${savedText} (expected, not applied to the figures above)`,
  };
}
