/**
 * The model architectures the estimator profiles (CNNs, ViT, encoders, decoders, custom), as plain types: their own
 * module, so architecture.ts and the per-family profiles (cnn-profile.ts, transformer-profile.ts) do not import each other.
 */
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
