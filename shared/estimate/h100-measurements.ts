/**
 * The H100 SXM calibration measurements the app ships for its accuracy tables (the report's calibration table, the
 * README's): the fields the estimator needs of each row of ../shared/calibration/h100-sxm-measured.jsonl (PyTorch 2.11,
 * 2026-11-22, measure.py there). `accuracy.test.ts` checks every figure here against that file, so they cannot drift.
 * The model's side of every table is computed live from these rows (accuracy.ts), never typed.
 */
import type { Gpu } from '../domain/catalog';
import { H100_SXM_DATASHEET, type EfficiencyConstants } from './calibration';
import { resolveModel } from './model';
import { findPreset } from './presets';
import { estimateTrainingRun } from './training-run';
import { parseWorkload, type Workload } from './workload';

export interface H100Measurement {
  name: string;
  batch: number;
  amp: string;
  window?: number;
  image?: number;
  seq?: number;
  mode?: string;
  grad_ckpt?: boolean;
  samples_per_s: number;
  peak_alloc_gib: number;
  params: number;
}

export const H100_MEASUREMENTS: readonly H100Measurement[] = [
  {
    name: 'resnet34_1d',
    batch: 64,
    amp: 'fp32',
    window: 500,
    samples_per_s: 3881.031192437742,
    peak_alloc_gib: 3.1834192276000977,
    params: 7218753,
  },
  {
    name: 'resnet34_1d',
    batch: 64,
    amp: 'bf16',
    window: 500,
    samples_per_s: 3175.5353808946807,
    peak_alloc_gib: 0.23680734634399414,
    params: 7218753,
  },
  {
    name: 'resnet34_1d',
    batch: 256,
    amp: 'fp32',
    window: 500,
    samples_per_s: 14779.37605202635,
    peak_alloc_gib: 8.538758754730225,
    params: 7218753,
  },
  {
    name: 'resnet34_1d',
    batch: 256,
    amp: 'bf16',
    window: 500,
    samples_per_s: 13010.664632154503,
    peak_alloc_gib: 0.4709491729736328,
    params: 7218753,
  },
  {
    name: 'resnet34_1d',
    batch: 1024,
    amp: 'fp32',
    window: 500,
    samples_per_s: 41022.74911307681,
    peak_alloc_gib: 33.80282926559448,
    params: 7218753,
  },
  {
    name: 'resnet34_1d',
    batch: 1024,
    amp: 'bf16',
    window: 500,
    samples_per_s: 47683.46822082781,
    peak_alloc_gib: 1.3978290557861328,
    params: 7218753,
  },
  {
    name: 'resnet34_2d',
    batch: 64,
    amp: 'fp32',
    image: 224,
    samples_per_s: 3990.561880942714,
    peak_alloc_gib: 4.624134063720703,
    params: 21285698,
  },
  {
    name: 'resnet34_2d',
    batch: 64,
    amp: 'bf16',
    image: 224,
    samples_per_s: 3620.9213634125886,
    peak_alloc_gib: 1.4029130935668945,
    params: 21285698,
  },
  {
    name: 'resnet34_2d',
    batch: 256,
    amp: 'fp32',
    image: 224,
    samples_per_s: 4965.339375753082,
    peak_alloc_gib: 11.51097583770752,
    params: 21285698,
  },
  {
    name: 'resnet34_2d',
    batch: 256,
    amp: 'bf16',
    image: 224,
    samples_per_s: 7959.854990734767,
    peak_alloc_gib: 4.564291477203369,
    params: 21285698,
  },
  {
    name: 'bert_base',
    batch: 32,
    amp: 'bf16',
    seq: 128,
    samples_per_s: 807.0164513956823,
    peak_alloc_gib: 3.099864959716797,
    params: 109483778,
  },
  {
    name: 'bert_base',
    batch: 32,
    amp: 'fp32',
    seq: 128,
    samples_per_s: 888.0991760853484,
    peak_alloc_gib: 3.7922420501708984,
    params: 109483778,
  },
  {
    name: 'qwen2.5_0.5b_full',
    batch: 8,
    amp: 'bf16',
    seq: 1024,
    mode: 'full',
    samples_per_s: 56.14508569624206,
    peak_alloc_gib: 32.65362596511841,
    params: 494032768,
  },
  {
    name: 'mistral_7b_lora',
    batch: 4,
    amp: 'bf16',
    seq: 1024,
    mode: 'lora',
    samples_per_s: 12.084400203850068,
    peak_alloc_gib: 36.228219985961914,
    params: 7255363584,
  },
  {
    name: 'gpt2_small_full',
    batch: 16,
    amp: 'bf16',
    seq: 1024,
    mode: 'full',
    samples_per_s: 123.6006762074956,
    peak_alloc_gib: 23.649807453155518,
    params: 124439808,
  },
];

const PRESETS: Record<string, string> = {
  resnet34_1d: 'resnet34-1d',
  resnet34_2d: 'resnet34',
  resnet50_2d: 'resnet50',
  efficientnet_b0_2d: 'efficientnet-b0',
  bert_base: 'bert-base',
  'qwen2.5_0.5b_full': 'qwen2.5-0.5b',
  'qwen2.5_1.5b_full': 'qwen2.5-1.5b',
  'qwen2.5_1.5b_lora': 'qwen2.5-1.5b',
  mistral_7b_lora: 'mistral-7b',
  gpt2_small_full: 'gpt2-small',
};

export function h100Workload(r: Omit<H100Measurement, 'samples_per_s' | 'peak_alloc_gib' | 'params'>): Workload {
  const preset = PRESETS[r.name];
  if (!preset) throw new Error(`no preset for ${r.name}`);
  const input = r.window ? { windowSamples: r.window } : r.image ? { imageSize: r.image } : { seqLen: r.seq };
  return parseWorkload({
    model: { preset },
    input,
    batchSize: r.batch,
    precision: r.amp === 'bf16' ? 'bf16' : 'fp32',
    method: r.mode === 'lora' ? 'lora' : 'full',
    gradientCheckpointing: r.grad_ckpt ?? false,
  });
}

/** The model's estimate of one row on the H100 SXM datasheet (or a changed copy of it, for what-if scans). */
export function h100Estimate(
  c: EfficiencyConstants,
  r: Omit<H100Measurement, 'samples_per_s' | 'peak_alloc_gib'>,
  gpu: Gpu = H100_SXM_DATASHEET as Gpu,
) {
  const w = h100Workload(r);
  const model = resolveModel(w);
  // torchvision models of the measurements have 2 classes
  if (r.image) model.profile.params = r.params;
  return estimateTrainingRun(model, w, gpu, 1, { constants: c });
}

/** A row's name as the tables print it: `resnet34_1d L=500`, `resnet34_2d 224px`, `bert_base seq 128`. */
export const h100RowLabel = (r: H100Measurement) =>
  `${r.name}${r.window ? ` L=${r.window}` : r.image ? ` ${r.image}px` : ` seq ${r.seq}`}${r.grad_ckpt ? ' ckpt' : ''}`;

/**
 * A row as a person reads it, for the review PDF: the model library's display name, the method and the input
 * ("ResNet-34 1-D (PPG/ECG windows), windows of 500 samples"), never the measuring script's name (`resnet34_1d`).
 */
export function h100RowDisplayLabel(r: H100Measurement): string {
  const model = findPreset(PRESETS[r.name] ?? '')?.name ?? r.name.replace(/_/g, ' ');
  const method = r.mode === 'lora' ? ' LoRA' : r.mode === 'full' ? ' full fine-tune' : '';
  const input = r.window ? `windows of ${r.window} samples` : r.image ? `${r.image} px images` : `sequence ${r.seq}`;
  return `${model}${method}, ${input}${r.grad_ckpt ? ', activation checkpointing' : ''}`;
}
