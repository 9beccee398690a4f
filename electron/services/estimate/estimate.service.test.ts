import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test-support/built-cli';
import { createTestApp } from '../../test-support/test-app';
import { DATABASE_FILE_NAME } from '../paths';
import { VITALDB_M1_WORKLOAD } from '../../../shared/estimate/test-catalog';

const events: Array<{ event: string; payload: unknown }> = [];
const app = createTestApp();
afterAll(() => app.dispose());
const estimate = () => app.services.estimate;

const m1 = VITALDB_M1_WORKLOAD;

describe('estimate service on a migrated, seeded database', () => {
  it("migration 0002 made the workloads table and the seed saved the seeds' workloads", () => {
    const ids = estimate()
      .listWorkloads()
      .map((w) => w.id);
    expect(ids).toEqual(
      expect.arrayContaining(['vitaldb-m1', 'vitaldb-m2', 'vitaldb-m3', 'clinicalbert-finetune', 'prs-med-lora', 'mistral-7b-lora']),
    );
    const table = app.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'workloads'").get() as { sql: string };
    expect(table.sql).toContain('STRICT');
  });

  it('saves, lists and deletes a workload; a bad workload is refused with its field and nothing changes', async () => {
    const saved = estimate().saveWorkload({ name: 'My M1', workload: m1 });
    expect(estimate().getWorkload(saved.id)?.workload).toEqual(m1);
    const before = estimate().listWorkloads().length;
    const bad = await app.handlers.invoke('estimate:save-workload', { name: 'bad', workload: { ...m1, batchSize: 0 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.details?.field).toBe('batchSize');
    expect(estimate().listWorkloads().length).toBe(before);
    expect(estimate().deleteWorkload(saved.id)).toBe(true);
    expect(estimate().getWorkload(saved.id)).toBeNull();
  });

  it("runs through the handler table with the catalog's GPUs and dated prices", async () => {
    const result = await app.handlers.invoke('estimate:run', { workload: m1 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // every accelerator of the catalog: estimated, or listed with no estimate (the TPU v5e and the CPU-only flavours)
    expect(result.value.results.length + result.value.unestimated.length).toBe(app.services.catalog.listGpus().length);
    expect(result.value.unestimated.map((u) => u.gpuId).sort()).toEqual(['cpu-only', 'tpu-v5e-16gb']);
    const l4 = result.value.results.find((r) => r.gpuId === 'l4-24gb')!;
    expect(l4.training!.offerings.every((o) => /^\d{4}-\d{2}-\d{2}$/.test(o.asOf))).toBe(true);
    const unknown = await app.handlers.invoke('estimate:run', { workload: { ...m1, model: { preset: 'nope' } } });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.details?.field).toBe('model.preset');
  });

  it('lists presets with computed parameter counts', async () => {
    const result = await app.handlers.invoke('estimate:list-presets', {});
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.presets.find((p) => p.id === 'resnet34-1d')!.params).toBe(7_218_753);
  });

  it('sweeps with progress events and can be cancelled', async () => {
    const emitted: number[] = [];
    const original = app.deps.emit;
    app.deps.emit = ((event: string, payload: { done: number }) => {
      events.push({ event, payload });
      emitted.push(payload.done);
    }) as typeof app.deps.emit;
    try {
      const workloads = Array.from({ length: 600 }, (_, i) => ({ ...m1, batchSize: 16 + (i % 64) }));
      const done = await estimate().sweep({ sweepId: 's1', workloads });
      expect(done.cancelled).toBe(false);
      expect(done.summaries).toHaveLength(600);
      expect(emitted.at(-1)).toBe(600);
      const running = estimate().sweep({ sweepId: 's2', workloads: Array.from({ length: 5000 }, () => m1) });
      await new Promise((r) => setImmediate(r));
      expect(estimate().cancelSweep('s2')).toBe(true);
      const cancelled = await running;
      expect(cancelled.cancelled).toBe(true);
      expect(cancelled.done).toBeLessThan(5000);
    } finally {
      app.deps.emit = original;
    }
  });

  it('gives plans estimateWorkload(workload, gpuIds) with hours per GPU', () => {
    const answer = estimate().estimateWorkload(m1, ['l4-24gb']);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]!.training!.hours).toBeGreaterThan(0);
  });
});

describe('a multi-GPU offering (issue 28 item 8): the run uses all its GPUs, priced per instance-hour', () => {
  it('a saved workload on Hugging Face a10g-largex4: fewer hours than one A10G, cost = hours × the $20 instance-hour, the same in the CLI JSON', async () => {
    const saved = estimate().getWorkload('clinicalbert-finetune')!;
    const answer = await app.handlers.invoke('estimate:run', { workload: saved.workload, gpuIds: ['a10g-24gb'] });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const a10g = answer.value.results.find((r) => r.gpuId === 'a10g-24gb')!;
    const row = (id: string) => answer.value.ranking.find((r) => r.offeringId === id && r.priceKind === 'on-demand')!;
    const one = row('hf-jobs-a10g-large');
    const four = row('hf-jobs-a10g-largex4');
    expect(one.setup).toMatchObject({ gpus: 1, instances: 1, gpusPerInstance: 1 });
    expect(four.setup).toMatchObject({ gpus: 4, instances: 1, gpusPerInstance: 4, label: '4 × A10G, data-parallel' });
    expect(four.hours).toBeLessThan(one.hours);
    expect(four.hours).toBeLessThan(a10g.training!.hours);
    expect(four.hours).toBeGreaterThan(one.hours / 4); // data parallel is not free
    expect(four.price).toMatchObject({ usd: 20, per: 'hour' });
    expect(four.usd).toBeCloseTo(four.hours * 20, 1);
    expect(four.basis).toContain('4 × A10G, data-parallel');
    expect(four.basis).toContain('instance-hour');
    expect(four.basis).toContain('$5 per GPU-hour');

    // the CLI's JSON: the same hours and cost, with what they are of
    const file = path.join(app.dataDir, 'clinicalbert.json');
    fs.writeFileSync(file, JSON.stringify(saved.workload));
    const cli = await runCliInProcess([
      'estimate',
      '--workload',
      file,
      '--gpu',
      'a10g-24gb',
      '--db',
      path.join(app.dataDir, DATABASE_FILE_NAME),
      '--json',
    ]);
    expect(cli.status).toBe(0);
    const json = JSON.parse(cli.stdout) as {
      results: Array<{
        training: { offerings: Array<{ offeringId: string; priceKind: string; hours: number; usd: number; setup: unknown }> };
      }>;
    };
    const cliFour = json.results[0]!.training.offerings.find((o) => o.offeringId === 'hf-jobs-a10g-largex4')!;
    expect({ hours: cliFour.hours, usd: cliFour.usd }).toEqual({ hours: four.hours, usd: four.usd });
    expect(cliFour.setup).toMatchObject({
      label: '4 × A10G, data-parallel',
      gpus: 4,
      instances: 1,
      priceUnit: 'instance-hour',
      usdPerGpuHour: 5,
      gpuHours: Math.round(four.hours * 4 * 1e4) / 1e4,
    });
  });

  it('a workload asking 8 GPUs takes 2 instances of a 4-GPU offering, over the node network; 1-GPU offerings are not priced', async () => {
    const saved = estimate().getWorkload('clinicalbert-finetune')!;
    const answer = await app.handlers.invoke('estimate:run', { workload: { ...saved.workload, gpuCount: 8 }, gpuIds: ['a10g-24gb'] });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const four = answer.value.ranking.find((r) => r.offeringId === 'hf-jobs-a10g-largex4')!;
    expect(four.setup).toMatchObject({ gpus: 8, instances: 2, gpusPerInstance: 4, label: '2 instances × 4 × A10G, data-parallel' });
    expect(four.usd).toBeCloseTo(four.hours * 20 * 2, 1);
    expect(answer.value.ranking.some((r) => r.offeringId === 'hf-jobs-a10g-large')).toBe(false);
    expect(answer.value.warnings).toEqual([]);
  });
});
