/**
 * Billed usage hours against a milestone's estimate (issue 29 item 2, last sentence): the GPU-hours of the imported
 * billing lines allocated to a milestone's track (allocation rules) and charged within one of its phases' dates, on a
 * GPU resource with its usage in hours (FOCUS ConsumedQuantity/ConsumedUnit, AWS CUR lineItem/UsageAmount with
 * pricing/unit Hrs — the same GPU-hours the budget overview counts, gpu.ts), compared with the phase's estimated
 * GPU-hours the way a recorded run is: billed ÷ estimated.
 */
import { gpuHoursOf, type GpuLineFields } from '../budget/gpu';
import type { Milestone } from '../plan/types';

/** A billing line as the comparison reads it: its track, when it was charged, and its usage. */
export interface UsageLine extends GpuLineFields {
  trackId: string | null;
  chargePeriodStart: string;
}

export interface BilledUsage {
  milestoneId: string;
  phaseId: string;
  /** "M1 50 Cases, Proof of Concept" (and the phase's name when the milestone has several). */
  label: string;
  trackId: string;
  start: string;
  end: string;
  /** GPU-hours billed on GPU lines with hour units in the phase's dates, and how many lines they are. */
  billedGpuHours: number;
  lines: number;
  /** The phase's estimated GPU-hours: runs low and high × GPU-hours per run (null: no estimate yet). */
  estimatedGpuHours: { low: number; high: number } | null;
  /** billed ÷ the high estimate (the figure the plan holds); null without an estimate. */
  ratio: number | null;
  text: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const hoursText = (h: number) => `${round2(h)} GPU-h`;
const ratioText = (r: number) => `×${Number(r.toPrecision(3))}`;

/**
 * Each phase that has billed GPU-hours, or an estimate and its track's lines: a line counts for the first phase (by
 * start date) of its track whose dates (start to end, inclusive, UTC days) hold its charge period's start, so no line
 * is counted twice.
 */
export function billedUsageByPhase(milestones: readonly Milestone[], lines: Iterable<UsageLine>): BilledUsage[] {
  const phases = milestones
    .flatMap((m) =>
      m.phases.map((p) => ({
        m,
        p,
        label: `${m.code} ${m.name}${m.phases.length > 1 ? ` · ${p.name}` : ''}`,
        billed: 0,
        lines: 0,
      })),
    )
    .sort((a, b) => a.p.start.localeCompare(b.p.start) || a.m.position - b.m.position);
  const byTrack = new Map<string, typeof phases>();
  for (const x of phases) byTrack.set(x.m.trackId, [...(byTrack.get(x.m.trackId) ?? []), x]);
  for (const line of lines) {
    if (!line.trackId) continue;
    const candidates = byTrack.get(line.trackId);
    if (!candidates) continue;
    const hours = gpuHoursOf(line);
    if (hours <= 0) continue;
    const day = line.chargePeriodStart.slice(0, 10);
    const phase = candidates.find((x) => x.p.start <= day && day <= x.p.end);
    if (!phase) continue;
    phase.billed += hours;
    phase.lines += 1;
  }
  return phases
    .filter((x) => x.lines > 0)
    .map(({ m, p, label, billed, lines: count }) => {
      const e = p.appEstimate;
      const estimated = e ? { low: round2(p.runs.low * e.hoursPerRun), high: round2(e.hours) } : null;
      const ratio = estimated && estimated.high > 0 ? billed / estimated.high : null;
      const range = estimated
        ? estimated.low === estimated.high
          ? hoursText(estimated.high)
          : `${round2(estimated.low)}–${hoursText(estimated.high)}`
        : null;
      return {
        milestoneId: m.id,
        phaseId: p.id,
        label,
        trackId: m.trackId,
        start: p.start,
        end: p.end,
        billedGpuHours: round2(billed),
        lines: count,
        estimatedGpuHours: estimated,
        ratio,
        text: `${hoursText(billed)} billed in ${count} GPU line${count === 1 ? '' : 's'} (${p.start} to ${p.end})${
          ratio !== null && range ? `: ${ratioText(ratio)} the estimate's ${range}` : ': no estimate to compare with'
        }`,
      };
    });
}
