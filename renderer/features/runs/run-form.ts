/**
 * The "Record a finished run" form's pure parts (issue 29 item 2): the time typed with its unit turned into hours, the
 * figures checked with the field in error named, and the correction an estimate takes with the runs it rests on.
 */
import { correctionFor, formatRatio, modelFamilyOf } from '../../../shared/domain/runs/corrections';
import type { RunsViewData } from '../../../shared/ipc/contract/runs';

export const TIME_UNITS = { minutes: 1 / 60, hours: 1, days: 24 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;

/** The longest run one record may state (the service's MAX_RUN_HOURS): a year of hours. */
export const MAX_RUN_HOURS = 8784;

export interface RunDraft {
  time: string;
  unit: TimeUnit;
  samplesPerSecond: string;
}

export type RunFigures = { hours: number; samplesPerSecond: number | null };

/** The draft's figures, or each field's problem in words (the form shows it under the field). */
export function runFiguresOf(draft: RunDraft): { figures: RunFigures } | { errors: Partial<Record<'time' | 'samplesPerSecond', string>> } {
  const errors: Partial<Record<'time' | 'samplesPerSecond', string>> = {};
  const time = draft.time.trim() === '' ? NaN : Number(draft.time);
  const hours = time * TIME_UNITS[draft.unit];
  if (!Number.isFinite(time) || time <= 0) errors.time = `the run's wall-clock time, a number more than 0 (e.g. 7.5 ${draft.unit})`;
  else if (hours > MAX_RUN_HOURS) errors.time = `at most a year (${MAX_RUN_HOURS} hours): is the unit right?`;
  let samplesPerSecond: number | null = null;
  if (draft.samplesPerSecond.trim() !== '') {
    const s = Number(draft.samplesPerSecond);
    if (!Number.isFinite(s) || s <= 0) errors.samplesPerSecond = 'a number more than 0, or leave it empty';
    else samplesPerSecond = s;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { figures: { hours, samplesPerSecond } };
}

/** "45 min", "7.5 h"; from 48 hours the days too ("60 h (2.5 days)"). */
export function runHoursText(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  const h = `${hours.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;
  return hours >= 48 ? `${h} (${(hours / 24).toLocaleString('en-US', { maximumFractionDigits: 1 })} days)` : h;
}

/** The correction an estimate of `workload` on `offeringId` (GPU `gpuId`) takes, and the recorded runs behind it. */
export function estimateCorrection(
  view: RunsViewData | null,
  workload: Record<string, unknown> | null,
  offeringId: string | null,
  gpuId: string | null,
): { ratio: number; text: string; modelFamily: string; runIds: number[] } | null {
  if (!view || !workload || view.corrections.length === 0) return null;
  const family = modelFamilyOf(workload).id;
  const found = correctionFor(view.corrections, family, offeringId, gpuId);
  if (!found) return null;
  const own = view.corrections.find((c) => c.modelFamily === family && c.offeringId === offeringId);
  const behind = own ? [own] : view.corrections.filter((c) => c.modelFamily === family && c.gpuId === gpuId);
  return { ...found, modelFamily: family, runIds: behind.flatMap((c) => c.evidence.map((e) => e.runId)) };
}

/**
 * A correction's words after its ratio, for a line that shows the ratio beside them ("corrected ×11.9 — from 1 run of
 * yours on …"): the text without its leading ratio, so the ratio is shown once; the whole text when it does not start
 * with it (set aside, no run to compare with).
 */
export function correctionWordsAfterRatio(text: string, ratio: number | null): string {
  if (ratio === null) return text;
  const shown = formatRatio(ratio);
  return text.startsWith(`${shown} `) ? text.slice(shown.length + 1) : text;
}
