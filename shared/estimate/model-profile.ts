/**
 * What the estimator knows of a model for one input: parameters, forward FLOPs, saved-activation bytes per regime and
 * op counts (architecture.ts computes it layer by layer; a custom model states it).
 */

export type PresetFamily = 'cnn1d' | 'cnn2d' | 'vit' | 'encoder' | 'decoder' | 'custom';

export interface ModelInput {
  windowSamples?: number;
  imageSize?: number;
  seqLen?: number;
}

/** How the training run stores and computes tensors — decides the bytes of every saved activation. */
export interface ActivationRegime {
  /** bytes of an activation produced by a matmul/conv: 2 under bf16/fp16 autocast, 4 in fp32/tf32. */
  act: 2 | 4;
  /** bytes of the residual stream: 4 when the weights are fp32 (autocast keeps adds in fp32), 2 with a bf16 base (LoRA/QLoRA). */
  stream: 2 | 4;
  /** true when the base weights are frozen (LoRA/QLoRA): frozen linears keep no input for a weight gradient. */
  frozen: boolean;
  /** LoRA targets among q,k,v,o,gate,up,down. */
  loraTargets: string[];
}

/** The LoRA-able linear layers of one transformer layer: name → [in, out]. */
export type LinearShapes = Record<string, [number, number]>;

export interface ModelProfile {
  family: PresetFamily;
  params: number;
  /** parameters in conv/linear weights (cast to bf16 by autocast; quantized to 4 bits by QLoRA). */
  matmulParams: number;
  /** parameters a frozen-base method never trains and that stay out of the language layers (vision tower). */
  frozenExtraParams: number;
  /** forward FLOPs per sample in weight matmuls/convs and in attention score/value products. */
  forwardLinearFlops: number;
  forwardAttentionFlops: number;
  /** forward FLOPs per sample of a frozen part run without gradients (vision tower). */
  forwardFrozenFlops: number;
  tokensPerSample: number | null;
  /** saved activations per sample for a regime (bytes), without and with per-layer checkpointing; formula in words. */
  activationBytes: (regime: ActivationRegime) => { full: number; checkpointed: number; formula: string };
  /** logits elements per sample that a language-model loss upcasts to fp32 (vocab × tokens), 0 for classifiers. */
  logitsPerSample: number;
  /** forward ops issued by the framework per sample-independent step (kernel launches / Python ops). */
  forwardOps: number;
  /** conv/linear calls per step (autocast inserts a cast before each). */
  matmulOps: number;
  /** FLOP-weighted width of the matmuls/convs (output channels or hidden size): narrow layers use the tensor cores less well. */
  matmulWidth: number;
  /** transformer layers and hidden size (LoRA, checkpointing); 0 for CNNs. */
  layers: number;
  hidden: number;
  linearShapes: LinearShapes | null;
  /** maximum sequence length where the architecture has one. */
  maxSeqLen: number | null;
}
