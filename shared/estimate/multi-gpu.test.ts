/**
 * Issue 17 beyond the published tables: links per offering, node count, software stack, the seed's ResNet34-1D on
 * T4 / L4 / A100 (which bound and why), fp32 convnets on a 16 GB T4 (cuDNN workspace), ranges per regime.
 * `npx vitest run shared/estimate/multi-gpu.test.ts` prints the ResNet34-1D table.
 */
import { describe, expect, it } from 'vitest';
import gpusJson from '../../resources/catalog/gpus.json';
import offeringsJson from '../../resources/catalog/offerings.json';
import providersJson from '../../resources/catalog/providers.json';
import type { Gpu, OfferingWithPrices, Price } from '../domain/catalog';
import { isUserError } from '../domain/errors';
import { acceleratorKind } from './accelerators';
import { offerings } from './test-catalog';
import { estimateWorkloadAcrossCatalog } from './estimate';
import { toCliJson } from './cli-json';
import { archFamily, intraNodeLink, offeringInterconnectOf } from './interconnect';
import { resolveModel } from './model';
import { estimateTrainingRun } from './training-run';
import { parseWorkload } from './workload';

const gpus = (gpusJson as unknown as { gpus: Gpu[] }).gpus;
const gpu = (id: string) => gpus.find((g) => g.id === id)!;
const offering = (id: string) => offerings.find((o) => o.id === id)!;

function run(w: Record<string, unknown>, gpuId: string, links?: ReturnType<typeof offeringInterconnectOf>) {
  const workload = parseWorkload(w);
  return estimateTrainingRun(resolveModel(workload), workload, gpu(gpuId), workload.gpuCount, links ? { interconnect: links } : {});
}
const explain = (r: ReturnType<typeof run>, label: string) => r.explanation.find((l) => l.label === label)?.value ?? '';

describe('data parallel knows the interconnect', () => {
  const bertLarge = { model: { preset: 'bert-large' }, input: { seqLen: 384 }, precision: 'fp16' };

  it('every GPU resolves to an architecture family and a link; x8 cards get half the PCIe bandwidth', () => {
    for (const g of gpus) expect(intraNodeLink(g, 2).gbs, g.id).toBeGreaterThan(0);
    expect(gpus.filter((g) => g.vendor === 'NVIDIA' && archFamily(g) === 'other').map((g) => g.id)).toEqual([]);
    expect(archFamily(gpu('a10-24gb'))).toBe('ampere-ga10x');
    expect(archFamily(gpu('a100-pcie-40gb'))).toBe('ampere-ga100');
    expect(intraNodeLink(gpu('rtx-4060ti-8gb'), 2)).toMatchObject({ kind: 'pcie-host', gbs: 15.75 });
    expect(intraNodeLink(gpu('h100-sxm-80gb'), 8)).toMatchObject({ kind: 'nvswitch', gbs: 450 });
  });

  it('every multi-GPU offering in the catalog carries its interconnect (TPU and CPU flavours are not estimated)', () => {
    const gpuById = new Map((gpusJson as unknown as { gpus: Gpu[] }).gpus.map((g) => [g.id, g]));
    const multi = offerings.filter((o) => o.gpuCount > 1 && acceleratorKind(gpuById.get(o.gpuId)!) === 'gpu');
    expect(multi.length).toBeGreaterThan(5);
    for (const o of multi) expect(offeringInterconnectOf(o), o.id).not.toBeNull();
    expect(offeringInterconnectOf(offering('aws-p4d-24xlarge'))).toMatchObject({ kind: 'nvswitch', network: { kind: 'efa', gbps: 400 } });
    expect(offeringInterconnectOf(offering('local-prebuilt-2x-rtx-4090'))).toMatchObject({ kind: 'pcie', p2p: false });
  });

  it('8 A100 on NVSwitch (p4d.24xlarge) scale BERT-large near-linearly; 8 GeForce RTX 3090 without peer-to-peer do not', () => {
    const p4d = run({ ...bertLarge, batchSize: 32, gpuCount: 8 }, 'a100-sxm-40gb', offeringInterconnectOf(offering('aws-p4d-24xlarge')));
    expect(p4d.throughput.scaling!.efficiency).toBeGreaterThan(0.85);
    expect(p4d.throughput.scaling!.link).toContain('NVSwitch');
    const geforce = run(
      { model: { preset: 'bert-base' }, input: { seqLen: 128 }, precision: 'fp16', batchSize: 16, gpuCount: 8 },
      'rtx-3090-24gb',
    );
    expect(geforce.throughput.scaling!.efficiency).toBeGreaterThan(0.2);
    expect(geforce.throughput.scaling!.efficiency).toBeLessThan(0.5);
    expect(geforce.throughput.scaling!.limit).toContain('without peer-to-peer');
    expect(explain(geforce, 'Scaling efficiency')).toMatch(/^\d+(\.\d+)?% on 8 GPUs: limited by the gradient all-reduce/);
  });

  it('prices each offering with its own links: 4 V100 on NVLink (p3.8xlarge) finish sooner than 4 V100 PCIe cards (NC24s v3)', () => {
    const e = estimateWorkloadAcrossCatalog(
      { ...bertLarge, batchSize: 8, gpuCount: 4, dataset: { samples: 100_000 }, epochs: 1 },
      gpus,
      offerings,
      { gpuIds: ['v100-sxm2-16gb'] },
    );
    const rows = e.ranking.filter((r) => r.priceKind === 'on-demand');
    const aws = rows.find((r) => r.offeringId === 'aws-p3-8xlarge')!;
    const azure = rows.find((r) => r.offeringId === 'azure-nc24s-v3')!;
    expect(aws.trainingHours).toBeLessThan(azure.trainingHours);
    expect(azure.basis).toContain('PCIe Gen3');
  });

  it('nodeCount puts the all-reduce on the node network: 16 A100 over 2 nodes on EFA 400 Gb/s beat 2 nodes on assumed 100 Gb/s Ethernet', () => {
    const w = { ...bertLarge, batchSize: 32, gpuCount: 16, nodeCount: 2 };
    const efa = run(w, 'a100-sxm-40gb', offeringInterconnectOf(offering('aws-p4d-24xlarge')));
    const ethernet = run(w, 'a100-sxm-40gb');
    expect(efa.throughput.scaling!.network).toContain('EFA 400');
    expect(ethernet.throughput.scaling!.network).toContain('assumed');
    expect(efa.throughput.scaling!.efficiency).toBeGreaterThan(ethernet.throughput.scaling!.efficiency);
    expect(toCliJson(estimateWorkloadAcrossCatalog(w, gpus, offerings, { gpuIds: ['a100-sxm-40gb'] })).results[0]).toMatchObject({
      nodeCount: 2,
      scaling: { gpuCount: 16, nodeCount: 2 },
    });
  });

  it("prices a multi-node job as that many machines of an offering that holds a node's GPUs", () => {
    const base = { ...bertLarge, batchSize: 32, dataset: { samples: 1_000_000 }, epochs: 1 };
    const one = estimateWorkloadAcrossCatalog({ ...base, gpuCount: 8 }, gpus, offerings, { gpuIds: ['a100-sxm-40gb'] });
    const two = estimateWorkloadAcrossCatalog({ ...base, gpuCount: 16, nodeCount: 2 }, gpus, offerings, { gpuIds: ['a100-sxm-40gb'] });
    const p4d = (e: typeof one) => e.ranking.find((r) => r.offeringId === 'aws-p4d-24xlarge' && r.priceKind === 'on-demand')!;
    expect(p4d(two).basis).toMatch(/^2 instances × /);
    expect(p4d(two).trainingHours).toBeLessThan(p4d(one).trainingHours * 0.6);
    expect(p4d(two).usd).toBeGreaterThan(p4d(one).usd);
    expect(two.warnings).toEqual([]);
    expect(
      estimateWorkloadAcrossCatalog({ ...base, gpuCount: 32, nodeCount: 2 }, gpus, offerings, { gpuIds: ['a100-sxm-40gb'] }).warnings[0]!
        .message,
    ).toContain('16 GPUs of one type per machine');
  });

  it('rejects node counts that do not split the GPUs', () => {
    for (const [w, field] of [
      [{ ...bertLarge, batchSize: 8, gpuCount: 2, nodeCount: 4 }, 'nodeCount'],
      [{ ...bertLarge, batchSize: 8, gpuCount: 6, nodeCount: 4 }, 'nodeCount'],
      [{ ...bertLarge, batchSize: 8, stack: 'turbo' }, 'stack'],
    ] as const) {
      try {
        parseWorkload(w);
        expect.unreachable();
      } catch (error) {
        expect(isUserError(error) && error.details?.field).toBe(field);
      }
    }
  });
});

describe('software stack', () => {
  it('compiled and optimized lower the per-step floor that dominates small batches, and barely move a compute-bound step', () => {
    const small = { model: { preset: 'resnet34-1d' }, input: { windowSamples: 500 }, batchSize: 64, precision: 'bf16' };
    const eager = run(small, 'h100-sxm-80gb');
    const compiled = run({ ...small, stack: 'compiled' }, 'h100-sxm-80gb');
    const optimized = run({ ...small, stack: 'optimized' }, 'h100-sxm-80gb');
    expect(eager.throughput.bound).toBe('overhead');
    expect(compiled.throughput.stepSeconds).toBeLessThan(eager.throughput.stepSeconds * 0.7);
    expect(optimized.throughput.stepSeconds).toBeLessThan(compiled.throughput.stepSeconds);
    const big = { model: { preset: 'mistral-7b' }, input: { seqLen: 1024 }, batchSize: 4, precision: 'bf16', method: 'lora' };
    expect(run({ ...big, stack: 'optimized' }, 'h100-sxm-80gb').throughput.stepSeconds).toBeGreaterThan(
      run(big, 'h100-sxm-80gb').throughput.stepSeconds * 0.85,
    );
  });

  it('is echoed in each CLI result, eager by default', () => {
    const base = { model: { preset: 'resnet34-1d' }, input: { windowSamples: 500 }, batchSize: 64 };
    expect(toCliJson(estimateWorkloadAcrossCatalog(base, gpus, offerings, { gpuIds: ['t4-16gb'] })).results[0]!.stack).toBe('eager');
    expect(
      toCliJson(
        estimateWorkloadAcrossCatalog({ ...base, stack: 'compiled' }, gpus, offerings, { gpuIds: ['t4-16gb', 'l4-24gb'] }),
      ).results.map((r) => r.stack),
    ).toEqual(['compiled', 'compiled']);
  });
});

describe("the seed's ResNet34-1D on T4, L4 and A100", () => {
  it('says which bound applies at batch 64 and 256, and why', () => {
    const lines = ['| GPU | batch | samples/s | range | bound | why |', '|---|---|---|---|---|---|'];
    const bounds: Record<string, string> = {};
    for (const id of ['t4-16gb', 'l4-24gb', 'a100-sxm-40gb'])
      for (const batchSize of [64, 256]) {
        const r = run({ model: { preset: 'resnet34-1d' }, input: { windowSamples: 500 }, batchSize, precision: 'fp16' }, id);
        const why = explain(r, 'Bound');
        bounds[`${id} ${batchSize}`] = r.throughput.bound;
        expect(why.startsWith(r.throughput.bound === 'overhead' ? 'launch-bound' : `${r.throughput.bound}-bound`)).toBe(true);
        expect(why).toMatch(/ms/);
        expect(r.throughput.samplesPerSecondLow).toBeLessThan(r.throughput.samplesPerSecond);
        expect(r.throughput.samplesPerSecondHigh).toBeGreaterThan(r.throughput.samplesPerSecond);
        lines.push(
          `| ${id} | ${batchSize} | ${r.throughput.samplesPerSecond} | ${r.throughput.samplesPerSecondLow}–${r.throughput.samplesPerSecondHigh} | ${r.throughput.bound} | ${why} |`,
        );
      }
    console.log(`\nResNet34-1D (500-sample windows, fp16 autocast, eager)\n${lines.join('\n')}\n`);
    // the A100 is launch-bound at both batches (the host floor), the 70 W T4 is not at batch 256
    expect(bounds['a100-sxm-40gb 64']).toBe('overhead');
    expect(bounds['a100-sxm-40gb 256']).toBe('overhead');
    expect(bounds['t4-16gb 256']).not.toBe('overhead');
  });
});

describe('fp32 convnets on a 16 GB T4', () => {
  it('fit on their tensors; cuDNN workspace is sized to what is free and never refuses the fit', () => {
    const oneD = run({ model: { preset: 'resnet34-1d' }, input: { windowSamples: 500 }, batchSize: 1024, precision: 'fp32' }, 't4-16gb');
    expect(oneD.fits).toBe(true);
    expect(oneD.memory.peakGiB).toBeLessThanOrEqual(16);
    expect(oneD.notes.some((n) => n.includes('falls back to leaner, slower algorithms'))).toBe(true);
    const small = run({ model: { preset: 'resnet34-1d' }, input: { windowSamples: 500 }, batchSize: 64, precision: 'fp32' }, 't4-16gb');
    expect(small.memory.workspaceGiB).toBeGreaterThan(1);
    expect(small.notes.some((n) => n.includes('cuDNN takes about'))).toBe(true);
    const twoD = run({ model: { preset: 'resnet50' }, input: { imageSize: 224 }, batchSize: 64, precision: 'fp32' }, 't4-16gb');
    expect(twoD.fits).toBe(true);
    const tooBig = run({ model: { preset: 'resnet50' }, input: { imageSize: 224 }, batchSize: 256, precision: 'fp32' }, 't4-16gb');
    expect(tooBig.fits).toBe(false);
    expect(tooBig.largestBatch).toBeGreaterThan(64);
  });
});

describe("the workload states the machine's link (issue 29 item 6)", () => {
  const bertLarge = { model: { preset: 'bert-large' }, input: { seqLen: 384 }, precision: 'fp16', batchSize: 8, gpuCount: 4 };
  const efficiency = (r: ReturnType<typeof run>) => r.throughput.scaling!.efficiency;

  it('a 4× RTX 3090 box on PCIe Gen4 without peer-to-peer all-reduces slower than the default link, and says so', () => {
    const byDefault = run(bertLarge, 'rtx-3090-24gb');
    const noP2p = run({ ...bertLarge, interconnect: 'pcie4', p2p: false }, 'rtx-3090-24gb');
    const p2p = run({ ...bertLarge, interconnect: 'pcie4', p2p: true }, 'rtx-3090-24gb');
    expect(noP2p.throughput.scaling!.allReduceSeconds).toBeGreaterThan(p2p.throughput.scaling!.allReduceSeconds);
    expect(efficiency(noP2p)).toBeLessThan(efficiency(p2p));
    expect(noP2p.throughput.scaling!.link).toMatch(/PCIe Gen4 x16 without peer-to-peer.*workload\)/);
    expect(noP2p.notes.join(' ')).toContain("The workload states the machine's link");
    // the default for a GeForce card is no peer-to-peer too, but over the catalog's link; a stated p2p changes it
    expect(byDefault.throughput.scaling!.link).not.toContain('workload');
    expect(efficiency(p2p)).toBeGreaterThan(efficiency(byDefault));
  });

  it('NVSwitch NVLink 4 and an NVLink bridge beat PCIe Gen3; gen3 is slower than gen5', () => {
    const on = (interconnect: string, extra: Record<string, unknown> = {}) =>
      efficiency(run({ ...bertLarge, interconnect, ...extra }, 'a100-pcie-40gb'));
    expect(on('nvswitch-nvlink4')).toBeGreaterThan(on('pcie3', { p2p: true }));
    expect(on('nvswitch-nvlink3')).toBeGreaterThan(on('pcie4', { p2p: true }));
    expect(on('pcie3', { p2p: true })).toBeLessThan(on('pcie5', { p2p: true }));
    const bridge = run({ ...bertLarge, gpuCount: 2, interconnect: 'nvlink-bridge' }, 'rtx-3090-24gb');
    expect(bridge.throughput.scaling!.link).toMatch(/NVLink bridge between 2 cards \(56.25 GB\/s per direction, workload\)/);
  });

  it("an offering's own links win over the workload's", () => {
    const stated = run({ ...bertLarge, interconnect: 'pcie3', p2p: false }, 'h100-sxm-80gb', {
      kind: 'nvswitch',
      nvlinkGeneration: 4,
      gbsPerDirection: 450,
    });
    expect(stated.throughput.scaling!.link).toContain('offering');
    expect(stated.notes.join(' ')).not.toContain("The workload states the machine's link");
  });

  it('is validated: unknown links and p2p without PCIe are refused with the field named', () => {
    const err = (w: Record<string, unknown>) => {
      try {
        parseWorkload({ ...bertLarge, ...w });
      } catch (e) {
        expect(isUserError(e)).toBe(true);
        return (e as Error).message;
      }
      return '';
    };
    expect(err({ interconnect: 'infiniband' })).toMatch(/interconnect must be one of pcie3, pcie4, pcie5, nvlink-bridge/);
    expect(err({ interconnect: 'nvswitch-nvlink4', p2p: false })).toMatch(/p2p applies to a PCIe interconnect/);
    expect(err({ p2p: 'yes' })).toMatch(/p2p must be true or false/);
    expect(err({ interconnect: 'pcie4', p2p: false })).toBe('');
  });

  it('estimate --json carries the stated link and the scaling over it', () => {
    const w = parseWorkload({ ...bertLarge, interconnect: 'pcie4', p2p: false });
    const json = toCliJson(estimateWorkloadAcrossCatalog(w, gpus, offerings, { gpuIds: ['rtx-3090-24gb'] })).results[0]!;
    expect(json).toMatchObject({ interconnect: 'pcie4', p2p: false });
    expect(json.scaling!.link).toContain('without peer-to-peer');
  });
});
