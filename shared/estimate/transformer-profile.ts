/**
 * Transformers (ViT, BERT-style encoders, decoders with optional MoE and a frozen vision tower) counted per token:
 * parameters, matmul and attention FLOPs, saved activations (transformer-layers.ts) and ops.
 */
import type { DecoderArch, EncoderArch, VitArch } from './architecture-types';
import type { ActivationRegime, LinearShapes, ModelInput, ModelProfile, PresetFamily } from './model-profile';
import { layerActivationBytesPerToken, type LayerStyle } from './transformer-layers';

interface TransformerSpec {
  family: PresetFamily;
  style: LayerStyle;
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  intermediate: number;
  /** matmul weights per layer (active: the experts a token visits; stored: all of them). */
  layerMatmulActive: number;
  layerMatmulStored: number;
  layerOtherParams: number;
  embeddingParams: number;
  headMatmulParams: number;
  otherParams: number;
  tokens: number;
  vocabForLoss: number;
  opsPerLayer: number;
  linearShapes: LinearShapes;
  maxSeqLen: number | null;
  frozenExtraParams?: number;
  forwardFrozenFlops?: number;
}

function transformerProfile(sp: TransformerSpec): ModelProfile {
  const h = sp.hidden;
  const L = sp.layers;
  const s = sp.tokens;
  const params =
    L * (sp.layerMatmulStored + sp.layerOtherParams) +
    sp.embeddingParams +
    sp.headMatmulParams +
    sp.otherParams +
    (sp.frozenExtraParams ?? 0);
  const linearFlopsPerToken = 2 * (L * sp.layerMatmulActive + sp.headMatmulParams);
  const attnFlopsPerToken = L * 4 * s * h; // QK^T and AV in full
  const activationBytes = (r: ActivationRegime) => {
    const layer = layerActivationBytesPerToken(sp.style, r, h, sp.intermediate);
    const edges = 2 * r.stream * h; // embedding output and final norm
    const logits = sp.vocabForLoss > 0 ? (r.act + 8) * sp.vocabForLoss : 0;
    const full = s * (L * layer.bytes + edges + logits);
    const checkpointed = s * (L * r.stream * h + layer.bytes + edges + logits);
    return {
      full,
      checkpointed,
      formula: `tokens ${s} × (layers ${L} × ${layer.formula} + ${edges} B embeddings/final norm${logits ? ` + logits (${r.act}+4+4 B) × vocab ${sp.vocabForLoss}` : ''})`,
    };
  };
  return {
    family: sp.family,
    params,
    matmulParams: L * sp.layerMatmulStored + sp.headMatmulParams,
    frozenExtraParams: sp.frozenExtraParams ?? 0,
    forwardLinearFlops: s * linearFlopsPerToken,
    forwardAttentionFlops: s * attnFlopsPerToken,
    forwardFrozenFlops: sp.forwardFrozenFlops ?? 0,
    tokensPerSample: s,
    activationBytes,
    logitsPerSample: sp.vocabForLoss * s,
    forwardOps: L * sp.opsPerLayer + 12,
    matmulOps: L * Object.keys(sp.linearShapes).length + 1,
    matmulWidth: h,
    layers: L,
    hidden: h,
    linearShapes: sp.linearShapes,
    maxSeqLen: sp.maxSeqLen,
  };
}

export function vitProfile(a: VitArch, input: ModelInput, classes: number, family: PresetFamily = 'vit'): ModelProfile {
  const size = input.imageSize ?? a.trainImageSize;
  const patches = Math.floor(size / a.patch) ** 2;
  const h = a.hidden;
  const tokens = patches + 1;
  const layerMatmul = 4 * h * h + 2 * h * a.mlp;
  const layerOther = 3 * h + h + a.mlp + h + 4 * h; // qkv bias, out bias, mlp biases, 2 LayerNorms
  const patchParams = 3 * a.patch * a.patch * h + h;
  const p = transformerProfile({
    family,
    style: 'vit',
    layers: a.layers,
    hidden: h,
    heads: a.heads,
    kvHeads: a.heads,
    intermediate: a.mlp,
    layerMatmulActive: layerMatmul,
    layerMatmulStored: layerMatmul,
    layerOtherParams: layerOther,
    embeddingParams: h + (a.trainImageSize / a.patch) ** 2 * h + h,
    headMatmulParams: classes > 0 ? h * classes : 0,
    otherParams: patchParams + 2 * h + (classes > 0 ? classes : 0),
    tokens,
    vocabForLoss: 0,
    opsPerLayer: 16,
    linearShapes: { q: [h, h], k: [h, h], v: [h, h], o: [h, h], up: [h, a.mlp], down: [a.mlp, h] },
    maxSeqLen: null,
  });
  // the patch embedding is a conv over every patch
  p.forwardLinearFlops += 2 * patches * 3 * a.patch * a.patch * h;
  p.matmulParams += 3 * a.patch * a.patch * h;
  return p;
}

export function encoderProfile(a: EncoderArch, input: ModelInput): ModelProfile {
  const h = a.hidden;
  const i = a.intermediate;
  return transformerProfile({
    family: 'encoder',
    style: 'bert',
    layers: a.layers,
    hidden: h,
    heads: a.heads,
    kvHeads: a.heads,
    intermediate: i,
    layerMatmulActive: 4 * h * h + 2 * h * i,
    layerMatmulStored: 4 * h * h + 2 * h * i,
    layerOtherParams: 4 * h + i + h + 4 * h,
    embeddingParams: (a.vocab + a.maxPositions + a.typeVocab) * h,
    headMatmulParams: 0,
    otherParams: 2 * h + (h * h + h) + (h * a.labels + a.labels),
    tokens: input.seqLen ?? 512,
    vocabForLoss: 0,
    opsPerLayer: 22,
    linearShapes: { q: [h, h], k: [h, h], v: [h, h], o: [h, h], up: [h, i], down: [i, h] },
    maxSeqLen: a.maxPositions,
  });
}

export function decoderProfile(a: DecoderArch, input: ModelInput): ModelProfile {
  const h = a.hidden;
  const i = a.intermediate;
  const hd = h / a.heads;
  const kv = a.kvHeads * hd;
  let layerAttn = 0;
  let layerMlpOne = 0;
  let layerOther = 0;
  let embedding = a.vocab * h;
  let other = 0;
  let ops = 0;
  let shapes: LinearShapes;
  if (a.style === 'llama') {
    layerAttn = h * h + 2 * h * kv + h * h;
    layerMlpOne = 3 * h * i;
    layerOther = 2 * h + (a.qkvBias ? h + 2 * kv : 0);
    other = h;
    ops = 42;
    shapes = { q: [h, h], k: [h, kv], v: [h, kv], o: [h, h], gate: [h, i], up: [h, i], down: [i, h] };
  } else {
    layerAttn = 4 * h * h;
    layerMlpOne = 2 * h * i;
    layerOther = 4 * h + i + h + (a.style === 'gpt2' ? 4 * h : 2 * h);
    if (a.style === 'gpt2') embedding += a.maxPositions * h;
    other = 2 * h + (a.tiedEmbeddings ? 0 : a.style === 'phi' ? a.vocab : 0);
    ops = a.style === 'gpt2' ? 34 : 38;
    shapes = { q: [h, h], k: [h, h], v: [h, h], o: [h, h], up: [h, i], down: [i, h] };
  }
  const experts = a.moe?.experts ?? 1;
  const topK = a.moe?.topK ?? 1;
  const router = a.moe ? h * experts : 0;
  let frozenExtra = 0;
  let frozenFlops = 0;
  let extraTokens = 0;
  if (a.vision) {
    const v = a.vision;
    const vit = vitProfile(
      {
        kind: 'vit',
        patch: v.patch,
        hidden: v.hidden,
        layers: v.layers,
        heads: v.heads,
        mlp: v.mlp,
        classes: 0,
        trainImageSize: v.imageSize,
      },
      { imageSize: v.imageSize },
      0,
    );
    let proj = 0;
    for (let k = 1; k < v.projector.length; k += 1) proj += v.projector[k - 1]! * v.projector[k]! + v.projector[k]!;
    frozenExtra = vit.params + proj;
    extraTokens = (v.imageSize / v.patch) ** 2;
    frozenFlops = vit.forwardLinearFlops + vit.forwardAttentionFlops + 2 * extraTokens * proj;
  }
  return transformerProfile({
    family: 'decoder',
    style: a.style,
    layers: a.layers,
    hidden: h,
    heads: a.heads,
    kvHeads: a.kvHeads,
    intermediate: i,
    layerMatmulActive: layerAttn + topK * layerMlpOne + router,
    layerMatmulStored: layerAttn + experts * layerMlpOne + router,
    layerOtherParams: layerOther,
    embeddingParams: embedding,
    headMatmulParams: a.tiedEmbeddings ? 0 : a.vocab * h,
    otherParams: other,
    tokens: (input.seqLen ?? 1024) + extraTokens,
    vocabForLoss: a.vocab,
    opsPerLayer: ops + (a.moe ? 10 * topK : 0),
    linearShapes: shapes,
    maxSeqLen: a.maxPositions,
    frozenExtraParams: frozenExtra,
    forwardFrozenFlops: frozenFlops,
  });
}
