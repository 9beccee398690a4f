import { describe, expect, it } from 'vitest';
import { loraParams, profileModel, type ResNet2dArch } from './architecture';
import { findPreset, MODEL_PRESETS } from './presets';

function params(id: string): number {
  const p = findPreset(id)!;
  return profileModel(p.arch, p.defaultInput).params;
}

describe('parameters computed from the architecture', () => {
  it.each([
    ['resnet34-1d', 7_218_753],
    ['bert-base', 109_483_778],
    ['clinicalbert', 109_483_778],
    ['qwen2.5-0.5b', 494_032_768],
    ['gpt2-small', 124_439_808],
    ['mistral-7b', 7_241_732_096],
    ['resnet50', 25_557_032],
    ['efficientnet-b0', 5_288_548],
    ['vit-b-16', 86_567_656],
  ])('%s has %d parameters', (id, expected) => {
    expect(params(id)).toBe(expected);
  });

  it('torchvision resnet34 with 2 classes has 21,285,698 parameters (the calibration model)', () => {
    const arch = { ...(findPreset('resnet34')!.arch as ResNet2dArch), classes: 2 };
    expect(profileModel(arch, { imageSize: 224 }).params).toBe(21_285_698);
  });

  it('every preset with a published count matches it exactly', () => {
    const mismatches = MODEL_PRESETS.filter((p) => p.publishedParams !== null)
      .map((p) => ({ id: p.id, computed: profileModel(p.arch, p.defaultInput).params, published: p.publishedParams }))
      .filter((x) => x.computed !== x.published);
    expect(mismatches).toEqual([]);
  });

  it('LoRA rank 16 on q,k,v,o of Mistral-7B trains 13,631,488 parameters (the calibration run)', () => {
    const p = findPreset('mistral-7b')!;
    expect(loraParams(profileModel(p.arch, { seqLen: 1024 }), 16, ['q', 'k', 'v', 'o'])).toBe(13_631_488);
  });

  it('forward FLOPs match torch.utils.flop_counter on the calibration workloads (÷3 for fwd+bwd)', () => {
    const r1d = profileModel(findPreset('resnet34-1d')!.arch, { windowSamples: 500 });
    expect((3 * 64 * r1d.forwardLinearFlops) / 68_250_271_744).toBeCloseTo(1, 1);
    const bert = profileModel(findPreset('bert-base')!.arch, { seqLen: 128 });
    expect((3 * 32 * (bert.forwardLinearFlops + bert.forwardAttentionFlops)) / 2_155_113_381_888).toBeCloseTo(1, 1);
    const gpt2 = profileModel(findPreset('gpt2-small')!.arch, { seqLen: 1024 });
    expect((3 * 16 * (gpt2.forwardLinearFlops + gpt2.forwardAttentionFlops)) / 14_308_356_390_912).toBeCloseTo(1, 1);
    const arch = { ...(findPreset('resnet34')!.arch as ResNet2dArch), classes: 2 };
    const r2d = profileModel(arch, { imageSize: 224 });
    expect((3 * 64 * r2d.forwardLinearFlops) / 1_391_582_380_032).toBeCloseTo(1, 1);
  });

  it('MoE counts all experts in parameters but only top-k in FLOPs', () => {
    const mixtral = profileModel(findPreset('mixtral-8x7b')!.arch, { seqLen: 1024 });
    const mistral = profileModel(findPreset('mistral-7b')!.arch, { seqLen: 1024 });
    expect(mixtral.params).toBeGreaterThan(6 * mistral.params);
    expect(mixtral.forwardLinearFlops / mistral.forwardLinearFlops).toBeGreaterThan(1.5);
    expect(mixtral.forwardLinearFlops / mistral.forwardLinearFlops).toBeLessThan(2);
  });
});
