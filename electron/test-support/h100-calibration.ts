/**
 * The H100 SXM measurements (../shared/calibration/h100-sxm-measured.jsonl) as tests read them: each row, its workload
 * for the estimator, and the model's estimate of it (calibration.test.ts fits and checks them; benchmarks.test.ts keeps
 * them in every fit on the published rows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Gpu } from '../../shared/domain/catalog';
import { H100_SXM_DATASHEET, type EfficiencyConstants } from '../../shared/estimate/calibration';
import { resolveModel } from '../../shared/estimate/model';
import { estimateTrainingRun } from '../../shared/estimate/training-run';
import { parseWorkload, type Workload } from '../../shared/estimate/workload';
import { referenceDir } from './paths';

export interface H100Row {
  name: string;
  batch: number;
  amp: string;
  window?: number;
  image?: number;
  seq?: number;
  mode?: string;
  grad_ckpt?: boolean;
  step_s: number;
  samples_per_s: number;
  peak_alloc_gib: number;
  params: number;
  trainable: number;
}

export const h100Rows: H100Row[] = readFileSync(path.join(referenceDir, 'calibration', 'h100-sxm-measured.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as H100Row)
  .filter((r) => r.step_s);

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

export function h100Workload(r: H100Row): Workload {
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
export function h100Estimate(c: EfficiencyConstants, r: H100Row, gpu: Gpu = H100_SXM_DATASHEET as Gpu) {
  const w = h100Workload(r);
  const model = resolveModel(w);
  // torchvision models of the measurements have 2 classes
  if (r.image) model.profile.params = r.params;
  return estimateTrainingRun(model, w, gpu, 1, { constants: c });
}
