/**
 * Memory of a training run on one GPU: weights (with autocast copies, LoRA/QLoRA bases), gradients (and DDP buckets),
 * optimizer state, saved activations per sample and framework workspaces; the activation regime of a workload.
 */
import { loraParams } from './architecture';
import { ASSUMPTIONS, type EfficiencyConstants } from './calibration';
import type { ActivationRegime, ModelProfile } from './model-profile';
import type { ResolvedModel } from './training-run-types';
import type { Workload } from './workload';

export const GiB = 2 ** 30;

/** Trainable parameters by method. */
export function resolveTrainable(profile: ModelProfile, w: Workload): { trainable: number; lora: number } {
  if (w.method === 'full') return { trainable: profile.params - profile.frozenExtraParams, lora: 0 };
  const lora = loraParams(profile, w.lora?.rank ?? 16, w.lora?.targets ?? ['q', 'k', 'v', 'o']);
  return { trainable: lora, lora };
}

export const OPTIMIZER_BYTES: Record<Workload['optimizer'], { state: number; traffic: number; note: string }> = {
  adamw: { state: 8, traffic: 32, note: 'AdamW: two fp32 moments, 8 B per trainable parameter' },
  adam: { state: 8, traffic: 32, note: 'Adam: two fp32 moments, 8 B per trainable parameter' },
  sgd: { state: 0, traffic: 12, note: 'SGD: no state' },
  'sgd-momentum': { state: 4, traffic: 20, note: 'SGD with momentum: one fp32 buffer, 4 B per trainable parameter' },
  adafactor: {
    state: 0.05,
    traffic: 16,
    note: 'Adafactor: factored second moment (rows + columns per matrix), taken as 0.05 B per parameter, no first moment',
  },
  'adamw-8bit': { state: 2, traffic: 14, note: 'AdamW 8-bit (bitsandbytes): two 8-bit moments, 2 B per trainable parameter' },
};

/** Memory of a per-GPU batch (bytes). */
export function memoryBytes(model: ResolvedModel, w: Workload, regime: ActivationRegime, batch: number, c: EfficiencyConstants) {
  const p = model.profile;
  const base = p.params - p.frozenExtraParams;
  let weights: number;
  let cache = 0;
  const mixed = w.precision === 'bf16' || w.precision === 'fp16';
  if (w.method === 'full') {
    weights = 4 * base + 2 * p.frozenExtraParams;
    if (mixed) cache = 2 * p.matmulParams;
  } else if (w.method === 'lora') {
    weights = 2 * p.params + 4 * model.loraParams;
  } else {
    weights = ASSUMPTIONS.qloraBytesPerParam * p.matmulParams + 2 * (p.params - p.matmulParams) + 4 * model.loraParams;
  }
  const grads = 4 * model.trainableParams;
  const opt = OPTIMIZER_BYTES[w.optimizer].state * model.trainableParams;
  const act = p.activationBytes(regime);
  const perSample = w.gradientCheckpointing ? act.checkpointed : act.full;
  const logits = p.logitsPerSample * (regime.act + 8);
  const workspace = c.frameworkWorkspaceGiB * GiB;
  const ddpBuckets = w.gpuCount > 1 ? 4 * model.trainableParams : 0;
  return {
    weights: weights + cache,
    cache,
    grads: grads + ddpBuckets,
    opt,
    perSample,
    logitsPerSample: logits,
    workspace,
    fixed: weights + cache + grads + ddpBuckets + opt + workspace,
    formula: act.formula,
  };
}

export function regimeOf(w: Workload): ActivationRegime {
  const mixed = w.precision === 'bf16' || w.precision === 'fp16' || w.method !== 'full';
  return {
    act: mixed ? 2 : 4,
    stream: w.method === 'full' ? 4 : 2,
    frozen: w.method !== 'full',
    loraTargets: w.method === 'full' ? [] : (w.lora?.targets ?? ['q', 'k', 'v', 'o']),
  };
}
