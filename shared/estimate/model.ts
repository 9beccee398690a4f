/** A workload's model → its architecture profile and trainable parameters. */
import { UserError } from '../domain/errors';
import { profileModel, type Architecture, type DecoderArch } from './architecture';
import type { ModelInput } from './model-profile';
import { findPreset } from './presets';
import { resolveTrainable } from './run-memory';
import type { ResolvedModel } from './training-run-types';
import type { Workload } from './workload';

export function architectureOf(w: Workload): { arch: Architecture; label: string; defaultInput: ModelInput } {
  const m = w.model;
  if ('preset' in m) {
    const preset = findPreset(m.preset);
    if (!preset) throw new UserError('INVALID_WORKLOAD', `model.preset: unknown preset "${m.preset}"`, { field: 'model.preset' });
    return { arch: preset.arch, label: preset.name, defaultInput: preset.defaultInput };
  }
  if ('decoder' in m) {
    const d = m.decoder;
    const arch: DecoderArch = {
      kind: 'decoder',
      style: 'llama',
      layers: d.layers,
      hidden: d.hidden,
      heads: d.heads,
      kvHeads: d.kvHeads ?? d.heads,
      intermediate: d.intermediate,
      vocab: d.vocab,
      tiedEmbeddings: d.tiedEmbeddings,
      maxPositions: d.maxPositions ?? 1_000_000,
    };
    return { arch, label: `decoder ${d.layers}×${d.hidden}`, defaultInput: { seqLen: 1024 } };
  }
  return { arch: { kind: 'custom', ...m.custom }, label: 'custom model', defaultInput: {} };
}

/** The model of a workload, resolved once (it does not depend on the GPU). */
export function resolveModel(w: Workload): ResolvedModel {
  const { arch, label, defaultInput } = architectureOf(w);
  const input: ModelInput = { ...defaultInput, ...w.input };
  const profile = profileModel(arch, input);
  const t = resolveTrainable(profile, w);
  return { label, profile, trainableParams: t.trainable, loraParams: t.lora };
}
