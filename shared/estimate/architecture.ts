/**
 * Model architectures → parameters, forward FLOPs, saved-activation bytes and op counts, computed layer by layer
 * (CNNs: cnn-profile.ts) or per token with attention (ViT, encoders, decoders: transformer-profile.ts). Nothing here is
 * looked up: the presets in resources/models/presets.json hold only the published configurations.
 *
 * Conventions: FLOPs = 2 × multiply-accumulates (what torch.utils.flop_counter counts); attention score and
 * value matmuls are counted in full (s² per head), as the counter does for SDPA.
 */
import type { Architecture } from './architecture-types';
import { cnnProfile, efficientnet, resnet1d, resnet2d } from './cnn-profile';
import { fmt } from './units';
import type { ModelInput, ModelProfile } from './model-profile';
import { decoderProfile, encoderProfile, vitProfile } from './transformer-profile';

export type {
  Architecture,
  CustomArch,
  DecoderArch,
  EfficientNetArch,
  EncoderArch,
  ResNet1dArch,
  ResNet2dArch,
  VisionTower,
  VitArch,
} from './architecture-types';

/** The profile of an architecture for an input; the tied lm_head still costs its matmul FLOPs. */
export function profileModel(arch: Architecture, input: ModelInput): ModelProfile {
  switch (arch.kind) {
    case 'resnet1d':
      return cnnProfile('cnn1d', resnet1d(arch, input), arch.inChannels * (input.windowSamples ?? 500));
    case 'resnet2d':
      return cnnProfile('cnn2d', resnet2d(arch, input), 3 * (input.imageSize ?? 224) ** 2);
    case 'efficientnet':
      return cnnProfile('cnn2d', efficientnet(arch, input), 3 * (input.imageSize ?? 224) ** 2);
    case 'vit':
      return vitProfile(arch, input, arch.classes);
    case 'encoder':
      return encoderProfile(arch, input);
    case 'decoder': {
      const p = decoderProfile(arch, input);
      if (arch.tiedEmbeddings) p.forwardLinearFlops += 2 * arch.vocab * arch.hidden * (p.tokensPerSample ?? 0);
      if (arch.tiedEmbeddings) p.matmulParams += arch.vocab * arch.hidden;
      return p;
    }
    case 'custom':
      return {
        family: 'custom',
        params: arch.params,
        matmulParams: arch.params,
        frozenExtraParams: 0,
        forwardLinearFlops: arch.forwardFlopsPerSample,
        forwardAttentionFlops: 0,
        forwardFrozenFlops: 0,
        tokensPerSample: null,
        activationBytes: (r) => ({
          full: arch.activationBytesPerSample * (r.act / 2),
          checkpointed: arch.activationBytesPerSample * (r.act / 2) * 0.3,
          formula: `custom ${fmt(arch.activationBytesPerSample)} B per sample at 16-bit, scaled by ${r.act}/2`,
        }),
        logitsPerSample: 0,
        forwardOps: 200,
        matmulOps: 50,
        matmulWidth: 1024,
        layers: 0,
        hidden: 0,
        linearShapes: null,
        maxSeqLen: null,
      };
  }
}

/** Trainable LoRA parameters: rank × (in + out) per targeted linear per layer (plus all experts' MLP for MoE). */
export function loraParams(profile: ModelProfile, rank: number, targets: string[]): number {
  if (!profile.linearShapes) return 0;
  let perLayer = 0;
  for (const t of targets) {
    const shape = profile.linearShapes[t];
    if (shape) perLayer += rank * (shape[0] + shape[1]);
  }
  return perLayer * profile.layers;
}
