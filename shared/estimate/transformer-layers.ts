/** The activations one transformer layer keeps for backward, per token, by layer style and precision regime. */
import type { ActivationRegime } from './model-profile';

export type LayerStyle = 'llama' | 'gpt2' | 'phi' | 'bert' | 'vit';

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
