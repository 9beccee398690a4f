import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';

// The bundled catalog against the seed documents and spec/cli.md: every GPU id, every provider, the seeds' figures.
const app = createTestApp();
afterAll(() => app.dispose());
const offerings = app.services.catalog.listOfferings();
const gpus = app.services.catalog.listGpus();
const byId = new Map(offerings.map((o) => [o.id, o]));
const price = (id: string, kind: string) => byId.get(id)?.prices.find((p) => p.kind === kind);

describe('bundled catalog', () => {
  it('holds every GPU named by spec/cli.md with dense datasheet peaks and a source', () => {
    const ids = gpus.map((g) => g.id);
    for (const id of ['t4-16gb', 'l4-24gb', 'a10g-24gb', 'a10-24gb', 'v100-sxm2-16gb', 'v100-sxm2-32gb', 'a100-pcie-40gb', 'a100-sxm-40gb', 'a100-pcie-80gb', 'a100-sxm-80gb', 'h100-pcie-80gb', 'h100-sxm-80gb', 'h200-sxm-141gb', 'rtx-3050-8gb', 'rtx-3070-8gb', 'rtx-3090-24gb', 'rtx-4060ti-8gb', 'rtx-4080-16gb', 'rtx-4090-24gb', 'rtx-a5000-24gb', 'rtx-a6000-48gb', 'rtx-6000-ada-48gb', 'gtx-1660-6gb']) {
      expect(ids).toContain(id);
    }
    const g = Object.fromEntries(gpus.map((x) => [x.id, x]));
    expect(g['h100-sxm-80gb']).toMatchObject({ memoryBandwidthGBs: 3350, tflops: { bf16: 989, tf32: 495, fp32: 67 } });
    expect(g['l4-24gb']!.tflops.bf16).toBeCloseTo(121, 0); // dense, not the 242 with sparsity
    expect(g['a100-sxm-40gb']!.tflops.bf16).toBe(312);
    expect(g['t4-16gb']!.tflops).toMatchObject({ fp32: 8.1, fp16: 65, tf32: null, bf16: null });
    expect(g['v100-sxm2-16gb']!.tflops.bf16).toBeNull();
    for (const gpu of gpus) {
      expect(gpu.source, gpu.id).toMatch(/https?:\/\//);
      for (const v of Object.values(gpu.tflops)) if (v !== null) expect(v).toBeGreaterThan(0);
    }
  });

  it('holds every provider of the seeds and every offering of the seeds with its figures', () => {
    expect(new Set(offerings.map((o) => o.providerId))).toEqual(new Set(['aws', 'azure', 'gcp', 'google-colab', 'hf-jobs', 'vastai', 'runpod', 'lambda', 'local']));
    expect(price('aws-p3-2xlarge', 'on-demand')).toMatchObject({ usd: 3.06, per: 'hour' });
    expect(price('aws-p3-8xlarge', 'on-demand')?.usd).toBe(12.24);
    expect(price('aws-p4d-24xlarge', 'on-demand')?.usd).toBe(32.77);
    expect(price('azure-nc6s-v3', 'on-demand')).toMatchObject({ usd: 3.06, asOf: '2024-11-01' });
    expect(price('azure-nc6s-v3', 'reserved-1y')?.usd).toBe(2.14);
    expect(price('azure-nc6s-v3', 'reserved-3y')?.usd).toBe(1.53);
    expect(price('azure-nc6s-v3', 'spot')).toMatchObject({ usdLow: 0.31, usdHigh: 0.92 });
    expect(price('azure-nc12s-v3', 'on-demand')?.usd).toBe(6.12);
    expect(price('azure-nc24s-v3', 'on-demand')?.usd).toBe(12.24);
    expect(price('azure-nc24ads-a100-v4', 'on-demand')?.usd).toBe(4.89);
    expect(price('azure-nc24ads-a100-v4', 'reserved-1y')?.usd).toBe(3.67);
    expect(price('azure-nd96asr-v4', 'on-demand')?.usd).toBe(27.2);
    expect(price('gcp-a2-highgpu-1g', 'on-demand')?.usd).toBe(3.67);
    expect(price('gcp-a2-highgpu-8g', 'on-demand')?.usd).toBe(29.36);
    expect(price('colab-pro-t4-16gb', 'subscription')).toMatchObject({ usd: 10, per: 'month' });
    expect(price('colab-pro-plus-l4-24gb', 'subscription')).toMatchObject({ usd: 50, per: 'month' });
    for (const [flavor, low, high] of [['t4-small', 0.5, 1], ['t4-medium', 1, 2], ['l4x1', 2, 3], ['l4x4', 8, 12], ['a10g-small', 3, 4], ['a10g-large', 4, 6], ['a10g-largex2', 8, 12], ['a10g-largex4', 16, 24], ['a100-large', 8, 12]] as const) {
      expect(price(`hf-jobs-${flavor}`, 'on-demand'), flavor).toMatchObject({ usdLow: low, usdHigh: high });
    }
    expect(price('vastai-rtx-3090', 'on-demand')).toMatchObject({ usdLow: 0.3, usdHigh: 0.5 });
    expect(price('runpod-a100-40gb', 'on-demand')).toMatchObject({ usdLow: 1.2, usdHigh: 1.8 });
    expect(price('lambda-rtx-6000-ada', 'on-demand')?.usd).toBe(1.1);
    expect(price('local-highend-rtx-4090', 'purchase')).toMatchObject({ per: 'once', usdLow: 3500, usdHigh: 4500 });
    expect(byId.get('local-highend-rtx-4090')?.powerWatts).toBe(500);
  });

  it('dates and sources every price with its seed document', () => {
    for (const o of offerings) {
      expect(byId.get(o.id)?.gpuId && gpus.some((g) => g.id === o.gpuId), o.id).toBe(true);
      for (const p of o.prices) {
        expect(p.source, `${o.id} ${p.kind}`).toMatch(/seed 00[0-4]/);
        expect(p.asOf).toMatch(/^20\d\d-\d\d-\d\d$/);
        if (p.usdLow !== null && p.usdHigh !== null) expect(p.usdLow).toBeLessThanOrEqual(p.usdHigh);
      }
    }
  });
});
