import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';

const events: Array<{ event: string; payload: unknown }> = [];
const app = createTestApp();
afterAll(() => app.dispose());
const estimate = () => app.services.estimate;

const m1 = {
  model: { preset: 'resnet34-1d' },
  input: { windowSamples: 500 },
  batchSize: 256,
  precision: 'bf16',
  dataset: { samples: 600_000 },
  epochs: 50,
};

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
