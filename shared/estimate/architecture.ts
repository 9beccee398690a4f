/**
 * Model architectures → parameters, forward FLOPs, saved-activation bytes and op counts, computed layer by layer
 * (CNNs, ViT) or per token with attention (encoders, decoders). Nothing here is looked up: the presets in
 * resources/models/presets.json hold only the published configurations.
 *
 * Conventions: FLOPs = 2 × multiply-accumulates (what torch.utils.flop_counter counts); attention score and
 * value matmuls are counted in full (s² per head), as the counter does for SDPA.
 */

export type PresetFamily = 'cnn1d' | 'cnn2d' | 'vit' | 'encoder' | 'decoder' | 'custom';

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

const EXPANSION = { basic: 1, bottleneck: 4 } as const;

/* ----------------------------------------------------------------------------------------------- CNNs */

interface ConvTally {
  params: number;
  macs: number;
  widthMacs: number;
  outElems: number;
  convs: number;
  ops: number;
  blockMax: number;
  blockInputs: number;
}
function newTally(): ConvTally {
  return { params: 0, macs: 0, widthMacs: 0, outElems: 0, convs: 0, ops: 0, blockMax: 0, blockInputs: 0 };
}

/** conv (no bias) + batch norm: adds params, MACs and the output elements (per sample). */
function convBn(t: ConvTally, cin: number, cout: number, kernelArea: number, outSpatial: number, groups = 1, bn = true): void {
  t.params += (cin / groups) * cout * kernelArea + (bn ? 2 * cout : 0);
  t.macs += (cin / groups) * cout * kernelArea * outSpatial;
  t.widthMacs += (cin / groups) * cout * kernelArea * outSpatial * Math.min(cout, (cin / groups) * kernelArea);
  t.outElems += cout * outSpatial;
  t.convs += 1;
  t.ops += bn ? 3 : 1;
}
const convOut = (len: number, k: number, s: number, p: number) => Math.floor((len + 2 * p - k) / s) + 1;

function resnet1d(a: ResNet1dArch, input: ModelInput): ConvTally & { head: number } {
  const t = newTally();
  const L0 = input.windowSamples ?? 500;
  let L = convOut(L0, a.stemKernel, 2, Math.floor(a.stemKernel / 2));
  convBn(t, a.inChannels, 64, a.stemKernel, L);
  L = convOut(L, 3, 2, 1); // max pool
  t.outElems += 64 * L;
  t.ops += 1;
  let c = 64;
  a.layers.forEach((n, i) => {
    const w = 64 * 2 ** i;
    for (let j = 0; j < n; j += 1) {
      const stride = j === 0 && i > 0 ? 2 : 1;
      const Lout = convOut(L, a.kernel, stride, Math.floor(a.kernel / 2));
      const before = t.outElems;
      t.blockInputs += c * L;
      convBn(t, c, w, a.kernel, Lout);
      convBn(t, w, w, a.kernel, Lout);
      if (stride !== 1 || c !== w) convBn(t, c, w, 1, Lout);
      t.ops += 2; // add + relu
      t.blockMax = Math.max(t.blockMax, t.outElems - before);
      c = w;
      L = Lout;
    }
  });
  const head = 512 * a.outputs + a.outputs;
  t.params += head;
  t.macs += 512 * a.outputs + 512 * L;
  t.ops += 3;
  return { ...t, head };
}

function resnet2d(a: ResNet2dArch, input: ModelInput): ConvTally {
  const t = newTally();
  const size = input.imageSize ?? 224;
  let S = convOut(size, 7, 2, 3);
  convBn(t, 3, 64, 49, S * S);
  S = convOut(S, 3, 2, 1);
  t.outElems += 64 * S * S;
  t.ops += 1;
  const exp = EXPANSION[a.block];
  let c = 64;
  a.layers.forEach((n, i) => {
    const planes = 64 * 2 ** i;
    for (let j = 0; j < n; j += 1) {
      const stride = j === 0 && i > 0 ? 2 : 1;
      const So = convOut(S, 3, stride, 1);
      const before = t.outElems;
      t.blockInputs += c * S * S;
      if (a.block === 'basic') {
        convBn(t, c, planes, 9, So * So);
        convBn(t, planes, planes, 9, So * So);
      } else {
        convBn(t, c, planes, 1, S * S);
        convBn(t, planes, planes, 9, So * So);
        convBn(t, planes, planes * exp, 1, So * So);
      }
      if (stride !== 1 || c !== planes * exp) convBn(t, c, planes * exp, 1, So * So);
      t.ops += 2;
      t.blockMax = Math.max(t.blockMax, t.outElems - before);
      c = planes * exp;
      S = So;
    }
  });
  t.params += c * a.classes + a.classes;
  t.macs += c * a.classes + c * S * S;
  t.ops += 3;
  return t;
}

/** torchvision's _make_divisible. */
function makeDivisible(v: number, divisor = 8): number {
  let n = Math.max(divisor, Math.floor((v + divisor / 2) / divisor) * divisor);
  if (n < 0.9 * v) n += divisor;
  return n;
}

const EFFICIENTNET_B0: Array<[number, number, number, number, number, number]> = [
  // expand, kernel, stride, in, out, layers
  [1, 3, 1, 32, 16, 1],
  [6, 3, 2, 16, 24, 2],
  [6, 5, 2, 24, 40, 2],
  [6, 3, 2, 40, 80, 3],
  [6, 5, 1, 80, 112, 3],
  [6, 5, 2, 112, 192, 4],
  [6, 3, 1, 192, 320, 1],
];

function efficientnet(a: EfficientNetArch, input: ModelInput): ConvTally {
  const t = newTally();
  const size = input.imageSize ?? 224;
  let S = convOut(size, 3, 2, 1);
  const stem = makeDivisible(32 * a.width);
  convBn(t, 3, stem, 9, S * S);
  t.outElems += stem * S * S; // SiLU output kept besides the BN output
  let c = stem;
  for (const [expand, k, stride, , out, layers] of EFFICIENTNET_B0) {
    const cout = makeDivisible(out * a.width);
    const n = Math.ceil(layers * a.depth);
    for (let j = 0; j < n; j += 1) {
      const s = j === 0 ? stride : 1;
      const So = convOut(S, k, s, Math.floor((k - 1) / 2));
      const before = t.outElems;
      t.blockInputs += c * S * S;
      const exp = makeDivisible(c * expand);
      if (exp !== c) {
        convBn(t, c, exp, 1, S * S);
        t.outElems += exp * S * S;
        t.ops += 1;
      }
      convBn(t, exp, exp, k * k, So * So, exp);
      t.outElems += 2 * exp * So * So;
      t.ops += 1; // SiLU output and the SE-scaled tensor
      const sq = Math.max(1, Math.floor(c / 4));
      t.params += exp * sq + sq + sq * exp + exp;
      t.macs += 2 * exp * sq;
      t.ops += 6;
      convBn(t, exp, cout, 1, So * So);
      if (s === 1 && c === cout) t.ops += 1;
      t.blockMax = Math.max(t.blockMax, t.outElems - before);
      c = cout;
      S = So;
    }
  }
  const last = 4 * c;
  convBn(t, c, last, 1, S * S);
  t.outElems += last * S * S;
  t.params += last * a.classes + a.classes;
  t.macs += last * a.classes;
  t.ops += 4;
  return t;
}

function cnnProfile(family: PresetFamily, t: ConvTally, inputElems: number): ModelProfile {
  // Per conv: its output (kept by BatchNorm) and the activation output (kept by the next conv): 2 tensors.
  const activationBytes = (r: ActivationRegime) => {
    const full = 2 * t.outElems * r.act + inputElems * 4;
    const checkpointed = t.blockInputs * r.act + 2 * t.blockMax * r.act + inputElems * 4;
    return {
      full,
      checkpointed,
      formula: `2 tensors × ${fmt(t.outElems)} conv-output elements × ${r.act} B + input ${fmt(inputElems)} × 4 B per sample`,
    };
  };
  return {
    family,
    params: t.params,
    matmulParams: t.params,
    frozenExtraParams: 0,
    forwardLinearFlops: 2 * t.macs,
    forwardAttentionFlops: 0,
    forwardFrozenFlops: 0,
    tokensPerSample: null,
    activationBytes,
    logitsPerSample: 0,
    forwardOps: t.ops,
    matmulOps: t.convs + 1,
    matmulWidth: t.macs > 0 ? t.widthMacs / t.macs : 1,
    layers: 0,
    hidden: 0,
    linearShapes: null,
    maxSeqLen: null,
  };
}

/* ------------------------------------------------------------------------------------- transformers */

type LayerStyle = 'llama' | 'gpt2' | 'phi' | 'bert' | 'vit';

/**
 * Bytes kept for backward per token per layer (PyTorch eager, SDPA/flash attention so no s² score matrix).
 * Derived by listing the tensors autograd saves: norms keep their fp32 input, autocast keeps one bf16 copy of
 * the input of each linear, SDPA keeps q, k, v (GQA keys/values repeated to all heads) and its output, the
 * MLP keeps its pre-activation, activation output (and gate/up for SwiGLU), dropout keeps a 1-byte mask.
 */
export function layerActivationBytesPerToken(
  style: LayerStyle,
  r: ActivationRegime,
  h: number,
  i: number,
): { bytes: number; formula: string } {
  const a = r.act;
  const s = r.stream;
  const t = new Set(r.loraTargets);
  let hc = 0;
  let ic = 0;
  if (style === 'llama') {
    if (!r.frozen && a === 2) {
      hc = 2 * 2 * s + 3 * a + 4 * a + a + 2 * a;
      ic = 4 * a;
    } else if (!r.frozen) {
      hc = 2 * 2 * s + 4 + 4 * 4 + 4 + 4;
      ic = 16;
    } else {
      hc = 2 * 4 + 4 * a + (['q', 'k', 'v'].some((x) => t.has(x)) ? a : 0) + (t.has('o') ? a : 0) + (t.has('gate') || t.has('up') ? a : 0);
      ic = 3 * a + (t.has('down') ? a : 0);
    }
  } else if (style === 'gpt2' || style === 'phi') {
    const norms = style === 'phi' ? 1 : 2;
    if (!r.frozen && a === 2) {
      hc = norms * (4 + 2) + (style === 'phi' ? 2 : 0) + 3 * a + a + a + 2;
      ic = 16;
    } else if (!r.frozen) {
      hc = norms * 8 + (style === 'phi' ? 4 : 0) + 12 + 4 + 4 + 2;
      ic = 20;
    } else {
      hc = norms * 4 + (t.has('q') || t.has('k') || t.has('v') ? a : 0) + 4 * a + (t.has('o') ? a : 0) + 2;
      ic = 14;
    }
  } else if (style === 'bert') {
    if (!r.frozen && a === 2) {
      hc = 3 * a + 4 * a + a + 1 + 4 + a + 1 + 4;
      ic = 2 * a;
    } else if (!r.frozen) {
      hc = 4 + 16 + 4 + 1 + 4 + 4 + 1 + 4;
      ic = 8;
    } else {
      hc = a + 4 * a + a + 1 + 4 + 1 + 4;
      ic = 2 * a;
    }
  } else {
    if (!r.frozen && a === 2) {
      hc = 4 + a + 3 * a + a + a + 4 + a;
      ic = 2 * a;
    } else if (!r.frozen) {
      hc = 4 + 4 + 12 + 4 + 4 + 4 + 4;
      ic = 8;
    } else {
      hc = 4 + a + 3 * a + a + a + 4;
      ic = 2 * a;
    }
  }
  return { bytes: hc * h + ic * i, formula: `${hc}·h + ${ic}·i bytes per token per layer (h=${h}, i=${i})` };
}

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

function vitProfile(a: VitArch, input: ModelInput, classes: number, family: PresetFamily = 'vit'): ModelProfile {
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

function encoderProfile(a: EncoderArch, input: ModelInput): ModelProfile {
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

function decoderProfile(a: DecoderArch, input: ModelInput): ModelProfile {
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

/** FLOPs with a decimal prefix: 16.5 TFLOP. */
export function fmtFlops(n: number): string {
  return `${fmt(n).replace(/([kMGT])$/, ' $1')}${/[kMGT]$/.test(fmt(n)) ? '' : ' '}FLOP`;
}

/** Bytes with a decimal unit: 4.75 GB. */
export function fmtBytes(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1000 && u < units.length - 1) {
    v /= 1000;
    u += 1;
  }
  return `${Number(v.toPrecision(3))} ${units[u]}`;
}

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1e12) return `${(n / 1e12).toPrecision(4)}T`;
  if (abs >= 1e9) return `${(n / 1e9).toPrecision(4)}G`;
  if (abs >= 1e6) return `${(n / 1e6).toPrecision(4)}M`;
  if (abs >= 1e4) return `${(n / 1e3).toPrecision(4)}k`;
  return `${Math.round(n * 1000) / 1000}`;
}
