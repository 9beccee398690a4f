/**
 * Model architectures → parameters, forward FLOPs, saved-activation bytes and op counts, computed layer by layer
 * (CNNs: cnn-profile.ts) or per token with attention (ViT, encoders, decoders: transformer-profile.ts). Nothing here is
 * looked up: the presets in resources/models/presets.json hold only the published configurations.
 *
 * Conventions: FLOPs = 2 × multiply-accumulates (what torch.utils.flop_counter counts); attention score and
 * value matmuls are counted in full (s² per head), as the counter does for SDPA.
 */
import { cnnProfile, efficientnet, resnet1d, resnet2d } from './cnn-profile';
import { fmt } from './units';
import type { ModelInput, ModelProfile } from './model-profile';
import { decoderProfile, encoderProfile, vitProfile } from './transformer-profile';

export interface ResNet1dArch {
  kind: 'resnet1d';
  layers: number[];
  inChannels: number;
  outputs: number;
  stemKernel: number;
  kernel: number;
}
export interface ResNet2dArch {
  kind: 'resnet2d';
  block: 'basic' | 'bottleneck';
  layers: number[];
  classes: number;
}
export interface EfficientNetArch {
  kind: 'efficientnet';
  width: number;
  depth: number;
  classes: number;
}
export interface VitArch {
  kind: 'vit';
  patch: number;
  hidden: number;
  layers: number;
  heads: number;
  mlp: number;
  classes: number;
  trainImageSize: number;
}
export interface EncoderArch {
  kind: 'encoder';
  layers: number;
  hidden: number;
  heads: number;
  intermediate: number;
  vocab: number;
  maxPositions: number;
  typeVocab: number;
  labels: number;
}
export interface VisionTower {
  patch: number;
  imageSize: number;
  hidden: number;
  layers: number;
  heads: number;
  mlp: number;
  projector: number[];
}
export interface DecoderArch {
  kind: 'decoder';
  /** llama: RMSNorm, rotary, gated SwiGLU MLP, no biases (except qkvBias); gpt2: LayerNorm, learned positions, GELU MLP, biases; phi: parallel attention+MLP, one LayerNorm, GELU MLP, biases. */
  style: 'llama' | 'gpt2' | 'phi';
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  intermediate: number;
  vocab: number;
  tiedEmbeddings: boolean;
  maxPositions: number;
  qkvBias?: boolean;
  moe?: { experts: number; topK: number };
  vision?: VisionTower;
}
export interface CustomArch {
  kind: 'custom';
  params: number;
  forwardFlopsPerSample: number;
  activationBytesPerSample: number;
}
export type Architecture = ResNet1dArch | ResNet2dArch | EfficientNetArch | VitArch | EncoderArch | DecoderArch | CustomArch;

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
