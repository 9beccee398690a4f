/**
 * Convolutional networks (ResNet 1-D and 2-D, EfficientNet) counted layer by layer: parameters, multiply-accumulates,
 * output elements kept for backward, ops; and the profile built from that tally.
 */
import type { EfficientNetArch, ResNet1dArch, ResNet2dArch } from './architecture-types';
import type { ActivationRegime, ModelInput, ModelProfile, PresetFamily } from './model-profile';
import { fmt } from './units';

const EXPANSION = { basic: 1, bottleneck: 4 } as const;

/* ----------------------------------------------------------------------------------------------- CNNs */

export interface ConvTally {
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

export function resnet1d(a: ResNet1dArch, input: ModelInput): ConvTally & { head: number } {
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

export function resnet2d(a: ResNet2dArch, input: ModelInput): ConvTally {
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

export function efficientnet(a: EfficientNetArch, input: ModelInput): ConvTally {
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

export function cnnProfile(family: PresetFamily, t: ConvTally, inputElems: number): ModelProfile {
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
