/**
 * What a project's own finished runs teach the estimator (issue 29 item 2): per model family and offering, the ratio of
 * the measured hours to the estimate of the same workload on the same offering, with its evidence (how many runs) and
 * spread (geometric mean, min–max). A milestone on that family and offering takes the ratio; one on another offering of
 * the same GPU takes the GPU's ratio (all the family's runs on that GPU). The lead may set the ratio by hand or set a
 * correction aside (ignored); the runs stay.
 */
import { findPreset } from '../../estimate/presets';
import type { RunFileFormat } from './run-files';

export type RunSource = { kind: 'manual' } | { kind: 'file'; file: string; format: RunFileFormat };

export interface RecordedRun {
  id: number;
  projectId: string;
  /** The saved workload the run trained, and a copy of it as it was then (the estimate is of this copy). */
  workloadId: string;
  workloadName: string;
  workload: Record<string, unknown>;
  modelFamily: string;
  offeringId: string;
  gpuId: string;
  /** Wall-clock hours the run took, start to trained model. */
  hours: number;
  samplesPerSecond: number | null;
  source: RunSource;
  /** The milestone it was recorded from, if any. */
  milestoneId: string | null;
  recordedAt: string;
}

/** The lead's own word on one correction: a ratio typed by hand, or the correction set aside. */
export interface CorrectionSetting {
  modelFamily: string;
  offeringId: string;
  ratio: number | null;
  ignored: boolean;
}

export interface RunEvidence {
  runId: number;
  hours: number;
  /** The estimator's hours of the run's workload on its offering now (null: it gives none, the run is not counted). */
  estimatedHours: number | null;
  ratio: number | null;
}

export interface RunCorrection {
  modelFamily: string;
  modelLabel: string;
  offeringId: string;
  offeringLabel: string;
  gpuId: string;
  /** The ratio applied: the lead's own when set, else the runs' geometric mean; null when ignored or no run counts. */
  ratio: number | null;
  measured: { geometricMean: number; min: number; max: number; runs: number } | null;
  override: number | null;
  ignored: boolean;
  evidence: RunEvidence[];
  /** "×11.9 from 1 run of yours on Colab Pro+ L4". */
  text: string;
}

/** A model's family as corrections are kept: the preset's id, else the decoder's shape, else "custom". */
export function modelFamilyOf(workload: Record<string, unknown>): { id: string; label: string } {
  const model = workload.model as Record<string, unknown> | undefined;
  if (model && typeof model.preset === 'string') {
    const preset = findPreset(model.preset);
    return preset ? { id: preset.id, label: preset.name } : { id: model.preset.trim().toLowerCase(), label: model.preset };
  }
  if (model && typeof model.decoder === 'object' && model.decoder !== null) {
    const d = model.decoder as { layers?: number; hidden?: number };
    return { id: `decoder-${d.layers ?? 0}x${d.hidden ?? 0}`, label: `decoder ${d.layers ?? '?'} layers × ${d.hidden ?? '?'}` };
  }
  return { id: 'custom', label: 'custom model' };
}

/** "×11.9", "×1.25", "×0.873": three significant figures. */
export function formatRatio(ratio: number): string {
  return `×${Number(ratio.toPrecision(3))}`;
}

export function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((s, v) => s + Math.log(v), 0) / values.length);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function correctionText(c: Omit<RunCorrection, 'text'>): string {
  const where = `on ${c.offeringLabel}`;
  if (c.ignored)
    return `set aside: ${c.measured ? `${formatRatio(c.measured.geometricMean)} from ${plural(c.measured.runs, 'run')} of yours` : 'no run counted'} ${where} not applied`;
  const spread = c.measured && c.measured.runs > 1 ? ` (${formatRatio(c.measured.min)}–${formatRatio(c.measured.max)})` : '';
  if (c.override !== null)
    return `${formatRatio(c.override)} set by you ${where}${c.measured ? `; your ${plural(c.measured.runs, 'run')} measured ${formatRatio(c.measured.geometricMean)}${spread}` : ''}`;
  if (!c.measured) return `no run of yours ${where} the estimator can compare with`;
  return `${formatRatio(c.measured.geometricMean)} from ${plural(c.measured.runs, 'run')} of yours ${where}${spread}`;
}

function measuredOf(evidence: readonly RunEvidence[]): RunCorrection['measured'] {
  const ratios = evidence.map((e) => e.ratio).filter((r): r is number => r !== null && Number.isFinite(r) && r > 0);
  if (ratios.length === 0) return null;
  return { geometricMean: geometricMean(ratios), min: Math.min(...ratios), max: Math.max(...ratios), runs: ratios.length };
}

/**
 * The project's corrections, one per model family and offering that has a run or a setting.
 * `estimateHours(run)` is the estimator's wall-clock hours of the run's workload on its offering (null: none).
 */
export function buildCorrections(
  runs: readonly RecordedRun[],
  settings: readonly CorrectionSetting[],
  estimateHours: (run: RecordedRun) => number | null,
  labels: { offering: (offeringId: string) => string; model: (family: string) => string },
): RunCorrection[] {
  const groups = new Map<string, { family: string; offeringId: string; gpuId: string; runs: RecordedRun[] }>();
  const key = (family: string, offeringId: string) => `${family}\u0000${offeringId}`;
  for (const run of runs) {
    const k = key(run.modelFamily, run.offeringId);
    const g = groups.get(k) ?? { family: run.modelFamily, offeringId: run.offeringId, gpuId: run.gpuId, runs: [] };
    g.runs.push(run);
    groups.set(k, g);
  }
  for (const s of settings) {
    const k = key(s.modelFamily, s.offeringId);
    if (!groups.has(k)) groups.set(k, { family: s.modelFamily, offeringId: s.offeringId, gpuId: '', runs: [] });
  }
  const bySetting = new Map(settings.map((s) => [key(s.modelFamily, s.offeringId), s]));
  const out: RunCorrection[] = [];
  for (const [k, g] of groups) {
    const evidence: RunEvidence[] = g.runs.map((run) => {
      const est = estimateHours(run);
      const ok = est !== null && Number.isFinite(est) && est > 0;
      return { runId: run.id, hours: run.hours, estimatedHours: ok ? est : null, ratio: ok ? run.hours / est : null };
    });
    const setting = bySetting.get(k);
    const measured = measuredOf(evidence);
    const override = setting?.ratio ?? null;
    const ignored = setting?.ignored ?? false;
    const base = {
      modelFamily: g.family,
      modelLabel: labels.model(g.family),
      offeringId: g.offeringId,
      offeringLabel: labels.offering(g.offeringId),
      gpuId: g.gpuId,
      ratio: ignored ? null : (override ?? measured?.geometricMean ?? null),
      measured,
      override,
      ignored,
      evidence,
    };
    out.push({ ...base, text: correctionText(base) });
  }
  return out.sort((a, b) => a.modelFamily.localeCompare(b.modelFamily) || a.offeringId.localeCompare(b.offeringId));
}

/** A correction as an estimate takes it: the ratio, its words, and the runs behind it (0 when set by hand) with their min–max. */
export interface AppliedCorrection {
  ratio: number;
  text: string;
  runs: number;
  spread: { min: number; max: number } | null;
}

/** The correction an estimate of `family` on `offeringId` (GPU `gpuId`) takes: the offering's own, else its GPU's. */
export function correctionFor(
  corrections: readonly RunCorrection[],
  family: string,
  offeringId: string | null,
  gpuId: string | null,
  gpuLabel?: string,
): AppliedCorrection | null {
  const own = corrections.find((c) => c.modelFamily === family && c.offeringId === offeringId);
  if (own) {
    if (own.ratio === null) return null;
    // A ratio set by hand is the lead's word, not evidence: it narrows no range.
    const evidence = own.override === null ? own.measured : null;
    return {
      ratio: own.ratio,
      text: own.text,
      runs: evidence?.runs ?? 0,
      spread: evidence ? { min: evidence.min, max: evidence.max } : null,
    };
  }
  if (!gpuId) return null;
  const same = corrections.filter((c) => c.modelFamily === family && c.gpuId === gpuId && !c.ignored && c.override === null && c.measured);
  const ratios = same.flatMap((c) => c.evidence.map((e) => e.ratio).filter((r): r is number => r !== null && r > 0));
  if (ratios.length === 0) return null;
  const ratio = geometricMean(ratios);
  const spread = ratios.length > 1 ? ` (${formatRatio(Math.min(...ratios))}–${formatRatio(Math.max(...ratios))})` : '';
  return {
    ratio,
    runs: ratios.length,
    spread: { min: Math.min(...ratios), max: Math.max(...ratios) },
    text: `${formatRatio(ratio)} from ${plural(ratios.length, 'run')} of yours on the same GPU${gpuLabel ? ` (${gpuLabel})` : ''} elsewhere: ${same.map((c) => c.offeringLabel).join(', ')}${spread}`,
  };
}
