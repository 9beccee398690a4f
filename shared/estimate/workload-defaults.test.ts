import { describe, expect, it } from 'vitest';
import { MODEL_PRESETS } from './presets';
import { defaultsFamilyOf, WORKLOAD_DEFAULTS } from './workload-defaults';
import { estimateWorkloadAcrossCatalog } from './estimate';
import gpusJson from '../../resources/catalog/gpus.json';
import type { Gpu } from '../domain/catalog';

const gpus = (gpusJson as unknown as { gpus: Gpu[] }).gpus;

describe('workload defaults per model family (issue 19 item 4)', () => {
  it('every preset has a family with defaults; decoders split on 2 B parameters', () => {
    for (const p of MODEL_PRESETS) expect(WORKLOAD_DEFAULTS[defaultsFamilyOf(p.family, null)]).toBeDefined();
    expect(defaultsFamilyOf('decoder', 7.2e9)).toBe('decoder-large');
    expect(defaultsFamilyOf('decoder', 0.5e9)).toBe('decoder-small');
    expect(defaultsFamilyOf(null, null)).toBe('custom');
    expect(WORKLOAD_DEFAULTS['decoder-large'].method).toBe('lora');
  });

  it('Mistral-7B with LoRA at its family defaults takes hours on an A100, not the 40,000 h the carried-over CNN workload gave', () => {
    const d = WORKLOAD_DEFAULTS[defaultsFamilyOf('decoder', 7.2e9)];
    const w = {
      model: { preset: 'mistral-7b' },
      input: { seqLen: 1024 },
      batchSize: d.batchSize,
      precision: 'bf16',
      method: d.method,
      gradientCheckpointing: d.gradientCheckpointing,
      lora: { rank: 16, targets: ['q', 'k', 'v', 'o'] },
      dataset: { samples: d.datasetSamples },
      epochs: d.epochs,
    };
    const e = estimateWorkloadAcrossCatalog(w, gpus, []);
    const a100 = e.results.find((r) => r.gpuId.startsWith('a100-') && r.memory.gpuMemoryGiB >= 80)!;
    expect(a100.training!.hours).toBeLessThan(500);
    const carried = { ...w, batchSize: 256, dataset: { samples: 2_400_000 }, epochs: 100 };
    const bad = estimateWorkloadAcrossCatalog(carried, gpus, []).results.find((r) => r.gpuId === a100.gpuId)!;
    expect(bad.training!.hours).toBeGreaterThan(a100.training!.hours * 100);
  });
});
