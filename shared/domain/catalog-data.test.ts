import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import gpusJson from '../../resources/catalog/gpus.json';
import offeringsJson from '../../resources/catalog/offerings.json';
import providersJson from '../../resources/catalog/providers.json';
import discrepanciesJson from '../../resources/catalog/discrepancies.json';
import {
  checkCatalogReferences,
  discrepanciesFileSchema,
  gpusFileSchema,
  offeringsFileSchema,
  providersFileSchema,
} from './catalog-schema';

// The bundled catalog files against their schema, spec/cli.md and the five seed documents in ../shared/seeds.
const referenceDir = path.resolve(__dirname, '..', '..', '..', 'shared');
const { gpus } = gpusFileSchema.parse(gpusJson);
const { providers } = providersFileSchema.parse(providersJson);
const { offerings } = offeringsFileSchema.parse(offeringsJson);
const { discrepancies } = discrepanciesFileSchema.parse(discrepanciesJson);
const gpu = (id: string) => gpus.find((g) => g.id === id)!;
const offering = (id: string) => {
  const o = offerings.find((x) => x.id === id);
  if (!o) throw new Error(`no offering ${id}`);
  return o;
};
const price = (id: string, kind: string) => offering(id).prices.find((p) => p.kind === kind);

describe('bundled catalog files', () => {
  it('parse with the schema and every reference resolves, no duplicate ids', () => {
    expect(checkCatalogReferences({ gpus, providers, offerings, discrepancies })).toEqual([]);
  });

  it('reports broken references', () => {
    const problems = checkCatalogReferences({
      gpus: [{ id: 'a' }, { id: 'a' }],
      providers: [{ id: 'p' }],
      offerings: [{ id: 'p-x', providerId: 'q', gpuId: 'b' }],
    });
    expect(problems).toEqual([
      'duplicate gpu id a',
      'offering p-x: unknown gpuId b',
      'offering p-x: unknown providerId q',
      'offering p-x: id does not start with its provider (q-)',
    ]);
  });

  it('holds every GPU id of spec/cli.md', () => {
    const spec = fs.readFileSync(path.join(referenceDir, 'spec', 'cli.md'), 'utf8');
    const list = spec.slice(spec.indexOf('at least these ids'), spec.indexOf('every other GPU the seed'));
    const ids = [...list.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]);
    expect(ids.length).toBe(23);
    for (const id of ids)
      expect(
        gpus.map((g) => g.id),
        id,
      ).toContain(id);
  });

  it('gives dense datasheet peaks (no sparsity), null where a GPU lacks the precision', () => {
    expect(gpu('h100-sxm-80gb')).toMatchObject({
      memoryGiB: 80,
      memoryBandwidthGBs: 3350,
      tflops: { fp32: 67, tf32: 495, fp16: 989, bf16: 989, fp8: 1979 },
    });
    expect(gpu('a100-sxm-40gb').tflops).toEqual({ fp32: 19.5, tf32: 156, fp16: 312, bf16: 312, fp8: null });
    expect(gpu('l4-24gb').tflops).toMatchObject({ tf32: 60, bf16: 121, fp8: 242.5 });
    expect(gpu('t4-16gb').tflops).toEqual({ fp32: 8.1, tf32: null, fp16: 65, bf16: null, fp8: null });
    for (const id of ['v100-sxm2-16gb', 'v100-sxm2-32gb'])
      expect(gpu(id).tflops).toMatchObject({ fp32: 15.7, fp16: 125, tf32: null, bf16: null, fp8: null });
    // GeForce: FP16/BF16 tensor with FP32 accumulate runs at half the FP16-accumulate rate
    expect(gpu('rtx-4090-24gb').tflops).toMatchObject({ fp32: 82.6, bf16: 165.2 });
    expect(gpu('rtx-3090-24gb').tflops).toMatchObject({ fp32: 35.6, bf16: 71 });
    for (const g of gpus) {
      const t = g.tflops;
      if (t.fp16 !== null) expect(t.fp16, g.id).toBeGreaterThanOrEqual(t.fp32!);
      if (t.bf16 !== null) expect(t.bf16, g.id).toBe(t.fp16);
      if (t.fp8 !== null) expect(t.fp8, g.id).toBeGreaterThanOrEqual(t.bf16!);
      if (t.tf32 !== null) expect(t.tf32, g.id).toBeLessThanOrEqual(t.bf16!);
      if (g.vendor === 'NVIDIA') expect(g.source, g.id).toMatch(/https:\/\/[^ ]*(nvidia|amazon)\.com/);
      expect(g.memoryBandwidthGBs / g.memoryGiB, `${g.id} bandwidth per GiB`).toBeLessThan(100);
    }
  });

  it('dates and sources every price with its seed document (file name and title) and explains every chosen asOf', () => {
    const seeds = fs.readdirSync(path.join(referenceDir, 'seeds'));
    const titles = new Map(
      seeds.map((f) => [
        f,
        fs
          .readFileSync(path.join(referenceDir, 'seeds', f), 'utf8')
          .split('\n')[0]!
          .replace(/^#\s*/, '')
          .trim(),
      ]),
    );
    const expectedAsOf: Record<string, string> = {
      '000': '2025-12-01',
      '001': '2025-12-10',
      '002': '2025-12-01',
      '003': '2024-11-01',
      '004': '2025-12-01',
    };
    let count = 0;
    let providerPrices = 0;
    for (const o of offerings) {
      for (const p of o.prices) {
        count += 1;
        const where = `${o.id} ${p.kind}`;
        // A provider's public price page (issue 19): the page's URL, its region, and the date the figure is known from.
        const page = /, (https:\/\/[\w./-]+)$/.exec(p.source)?.[1];
        if (page) {
          providerPrices += 1;
          expect(p.notes ?? '', `${where}: notes say when it was checked and for which region`).toMatch(
            /^checked on \d{4}-\d{2}-\d{2}: .* for .+/,
          );
          expect(p.notes ?? '', where).toContain(p.asOf);
          expect(o.region, `${where}: region`).not.toBeNull();
          if (p.usdLow !== null && p.usdHigh !== null) expect(p.usd, where).toBeCloseTo((p.usdLow + p.usdHigh) / 2, 3);
          continue;
        }
        const file = /\((\d{3}_[0-9a-f]+\.txt)\)/.exec(p.source)?.[1];
        expect(file && titles.has(file), `${where}: source names a seed file`).toBe(true);
        expect(p.source, where).toContain(`"${titles.get(file!)}"`);
        expect(p.asOf, where).toBe(expectedAsOf[file!.slice(0, 3)]);
        expect(p.notes ?? '', `${where}: notes explain asOf`).toMatch(/asOf: seed \d{3}/);
        if (p.usdLow !== null && p.usdHigh !== null) expect(p.usd, where).toBeCloseTo((p.usdLow + p.usdHigh) / 2, 3);
      }
    }
    expect(count).toBeGreaterThanOrEqual(51);
    expect(providerPrices).toBeGreaterThanOrEqual(20);
  });

  it('offers the GPUs leads ask about from the providers they name (issue 19 item 12)', () => {
    const has = (provider: string, gpuPrefix: string) =>
      offerings.some(
        (o) => o.providerId === provider && o.gpuId.startsWith(gpuPrefix) && o.prices.some((p) => p.source.includes('https://')),
      );
    for (const [provider, gpu] of [
      ['aws', 'l4'],
      ['gcp', 'l4'],
      ['runpod', 'l4'],
      ['vastai', 'l4'],
      ['aws', 't4'],
      ['gcp', 't4'],
      ['azure', 't4'],
      ['aws', 'a100'],
      ['aws', 'h100'],
      ['gcp', 'a100'],
      ['gcp', 'h100'],
      ['azure', 'h100'],
      ['lambda', 'a100'],
      ['lambda', 'h100'],
      ['runpod', 'a100'],
      ['runpod', 'h100'],
      ['vastai', 'h100'],
      ['aws', 'l40s'],
    ] as const) {
      expect(has(provider, gpu), `${provider} ${gpu}`).toBe(true);
    }
  });

  it('offers AWS g6e with its real GPU, the L40S 48 GB, at dense datasheet figures (issue 19 item 12)', () => {
    expect(gpu('l40s-48gb')).toMatchObject({
      memoryGiB: 48,
      memoryBandwidthGBs: 864,
      tdpWatts: 350,
      tflops: { fp32: 91.6, tf32: 183, fp16: 362.05, bf16: 362.05, fp8: 733 },
    });
    for (const [id, gpuCount, usd] of [
      ['aws-g6e-xlarge', 1, 1.861],
      ['aws-g6e-12xlarge', 4, 10.49264],
      ['aws-g6e-48xlarge', 8, 30.13118],
    ] as const) {
      expect(offering(id), id).toMatchObject({ providerId: 'aws', gpuId: 'l40s-48gb', gpuCount, region: 'us-east-1' });
      expect(offering(id).notes, id).toMatch(/L40S, not the L4/);
      expect(price(id, 'on-demand'), id).toMatchObject({ usd, per: 'hour', asOf: '2026-11-26' });
      expect(price(id, 'on-demand')!.source, id).toContain('https://aws.amazon.com/ec2/pricing/on-demand/');
    }
  });

  it('holds the seeds’ offerings and figures', () => {
    expect(new Set(offerings.map((o) => o.providerId))).toEqual(new Set(providers.map((p) => p.id)));
    expect(price('aws-p3-2xlarge', 'on-demand')).toMatchObject({ usd: 3.06, per: 'hour' });
    expect(price('aws-p3-2xlarge', 'spot')).toMatchObject({ usdLow: 0.5, usdHigh: 0.8 });
    expect(price('aws-p3-8xlarge', 'on-demand')).toMatchObject({ usd: 12.24 });
    expect(offering('aws-p3-8xlarge')).toMatchObject({ gpuId: 'v100-sxm2-16gb', gpuCount: 4 });
    expect(price('aws-p4d-24xlarge', 'on-demand')).toMatchObject({ usd: 32.77 });
    expect(price('aws-p4d-24xlarge', 'spot')).toMatchObject({ usdLow: 2, usdHigh: 3 });
    expect(price('aws-g4dn-xlarge', 'spot')).toMatchObject({ usdLow: 0.3, usdHigh: 0.5 });
    // Azure, seed 003 (as of November 2024)
    expect(price('azure-nc6s-v3', 'on-demand')).toMatchObject({ usd: 3.06, per: 'hour', asOf: '2024-11-01' });
    expect(price('azure-nc6s-v3', 'reserved-1y')).toMatchObject({ usd: 2.14 });
    expect(price('azure-nc6s-v3', 'reserved-3y')).toMatchObject({ usd: 1.53 });
    expect(price('azure-nc6s-v3', 'spot')).toMatchObject({ usdLow: 0.31, usdHigh: 0.92 });
    expect(price('azure-nc12s-v3', 'on-demand')).toMatchObject({ usd: 6.12 });
    expect(price('azure-nc24s-v3', 'on-demand')).toMatchObject({ usd: 12.24 });
    expect(offering('azure-nc24s-v3')).toMatchObject({ gpuCount: 4, vcpus: 24, ramGiB: 448 });
    expect(price('azure-nc24ads-a100-v4', 'on-demand')).toMatchObject({ usd: 4.89 });
    expect(price('azure-nc24ads-a100-v4', 'reserved-1y')).toMatchObject({ usd: 3.67 });
    expect(price('azure-nd96asr-v4', 'on-demand')).toMatchObject({ usd: 27.2 });
    expect(offering('azure-nd96asr-v4')).toMatchObject({ gpuId: 'a100-sxm-40gb', gpuCount: 8 });
    // GCP A2, seed 000
    for (const [n, usd] of [
      [1, 3.67],
      [2, 7.34],
      [4, 14.68],
      [8, 29.36],
    ] as const) {
      expect(price(`gcp-a2-highgpu-${n}g`, 'on-demand'), `${n}g`).toMatchObject({ usd });
      const spot = price(`gcp-a2-highgpu-${n}g`, 'spot')!;
      expect(spot.usdLow! / usd, `${n}g spot: 80% discount`).toBeCloseTo(0.2, 2);
      expect(spot.usdHigh! / usd, `${n}g spot: 60% discount`).toBeCloseTo(0.4, 2);
    }
    // Colab: fixed ids used by the example project
    expect(price('colab-pro-t4-16gb', 'subscription')).toMatchObject({ usd: 10, per: 'month' });
    expect(price('colab-pro-plus-l4-24gb', 'subscription')).toMatchObject({ usd: 50, per: 'month' });
    expect(offering('colab-pro-plus-a100-40gb')).toMatchObject({ gpuId: 'a100-sxm-40gb' });
    for (const id of ['colab-pro-t4-16gb', 'colab-pro-plus-l4-24gb', 'colab-pro-plus-a100-40gb'])
      expect(offering(id).notes, id).toMatch(/[Ss]ession/);
    // Hugging Face Jobs, seed 004
    for (const [flavor, low, high, count] of [
      ['t4-small', 0.5, 1, 1],
      ['t4-medium', 1, 2, 1],
      ['l4x1', 2, 3, 1],
      ['l4x4', 8, 12, 4],
      ['a10g-small', 3, 4, 1],
      ['a10g-large', 4, 6, 1],
      ['a10g-largex2', 8, 12, 2],
      ['a10g-largex4', 16, 24, 4],
      ['a100-large', 8, 12, 1],
    ] as const) {
      expect(price(`hf-jobs-${flavor}`, 'on-demand'), flavor).toMatchObject({ usdLow: low, usdHigh: high, per: 'hour' });
      expect(offering(`hf-jobs-${flavor}`).gpuCount, flavor).toBe(count);
    }
    // marketplaces and GPU clouds, seed 002, with reliability notes
    for (const [id, low, high] of [
      ['vastai-rtx-3090', 0.3, 0.5],
      ['vastai-rtx-4090', 0.5, 0.8],
      ['vastai-a100-40gb', 1, 1.5],
      ['runpod-rtx-3090', 0.4, 0.6],
      ['runpod-rtx-4090', 0.6, 0.9],
      ['runpod-a100-40gb', 1.2, 1.8],
    ] as const) {
      expect(price(id, 'on-demand'), id).toMatchObject({ usdLow: low, usdHigh: high });
      expect(offering(id).notes, id).toMatch(/reliab/i);
    }
    for (const [id, usd] of [
      ['lambda-rtx-3090', 0.5],
      ['lambda-rtx-6000-ada', 1.1],
      ['lambda-a100-40gb', 1.5],
    ] as const)
      expect(price(id, 'on-demand'), id).toMatchObject({ usd });
    // local workstations, seed 003: purchase once, power draw, electricity assumption
    for (const [id, low, high] of [
      ['local-entry-rtx-4060ti', 1500, 2000],
      ['local-highend-rtx-4090', 3500, 4500],
      ['local-prebuilt-2x-rtx-4090', 8000, 12000],
    ] as const) {
      expect(price(id, 'purchase'), id).toMatchObject({ per: 'once', usdLow: low, usdHigh: high, asOf: '2024-11-01' });
      expect(offering(id).powerWatts, id).toBeGreaterThan(0);
      expect(offering(id).notes, id).toMatch(/\$0\.12\/kWh/);
    }
    expect(offering('local-highend-rtx-4090').powerWatts).toBe(500);
    expect(offering('local-prebuilt-2x-rtx-4090').gpuCount).toBe(2);
  });

  it('lists the seeds’ contradictions with the primary source the data follows', () => {
    const ids = discrepancies.map((d) => d.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'resnet34-1d-params',
        'l4-vs-t4-speed',
        'a100-vs-l4-speed',
        'a100-32gb',
        'colab-pro-vram',
        'local-break-even',
      ]),
    );
    // the data follows the primary source: no 32 GB A100, dense L4 figures
    expect(gpus.some((g) => g.id.startsWith('a100') && g.memoryGiB === 32)).toBe(false);
    expect(gpu('l4-24gb').tflops.fp16! / gpu('t4-16gb').tflops.fp16!).toBeLessThan(2);
  });
});
