import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';

const app = createTestApp();
afterAll(() => app.dispose());
const catalog = () => app.services.catalog;

describe('catalog service on the bundled data', () => {
  it('lists GPUs with datasheet figures and sources, offerings with dated sourced prices', () => {
    const gpus = catalog().listGpus();
    expect(gpus.find((g) => g.id === 'h100-sxm-80gb')).toMatchObject({
      memoryBandwidthGBs: 3350,
      tflops: { bf16: 989, tf32: 495, fp32: 67 },
    });
    for (const g of gpus) expect(g.source, g.id).toMatch(/\S/);
    const offerings = catalog().listOfferings();
    expect(offerings.length).toBeGreaterThan(30);
    for (const o of offerings) {
      expect(o.prices.length, o.id).toBeGreaterThan(0);
      for (const p of o.prices) {
        expect(p.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(p.source).toMatch(/\S/);
      }
    }
  });

  it("lists the seeds' contradictions with the primary source the data follows", async () => {
    const result = await app.handlers.invoke('catalog:list-discrepancies', {});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const ids = result.value.discrepancies.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining(['resnet34-1d-params', 'l4-vs-t4-speed']));
    for (const d of result.value.discrepancies) expect(d.primarySource).toMatch(/\S/);
  });

  it('keeps history: a changed price is a new dated row and becomes the current one', async () => {
    const offering = catalog()
      .listOfferings()
      .find((o) => o.prices.some((p) => p.kind === 'on-demand'))!;
    const before = catalog().getPriceHistory(offering.id).length;
    const result = await app.handlers.invoke('catalog:add-price', {
      offeringId: offering.id,
      kind: 'on-demand',
      usd: 1.23,
      per: 'hour',
      asOf: '2026-11-01',
      source: 'quote from the provider',
    });
    expect(result.ok).toBe(true);
    const history = catalog().getPriceHistory(offering.id);
    expect(history.length).toBe(before + 1);
    expect(history[0]).toMatchObject({ usd: 1.23, asOf: '2026-11-01' });
    const current = catalog()
      .getOffering(offering.id)
      .prices.find((p) => p.kind === 'on-demand');
    expect(current?.usd).toBe(1.23);
  });

  it('creates, edits and deletes your own offering; bundled ones are protected', async () => {
    const created = await app.handlers.invoke('catalog:create-offering', {
      offering: { providerId: 'local', sku: 'Lab box 2×RTX 4090', gpuId: 'rtx-4090-24gb', gpuCount: 2, powerWatts: 1100 },
      prices: [{ kind: 'purchase', usd: 6500, per: 'once', asOf: '2026-11-20', source: 'lab invoice' }],
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const id = created.value.offering.id;
    expect(created.value.offering).toMatchObject({ userDefined: true, gpuCount: 2, prices: [{ kind: 'purchase', usd: 6500 }] });
    const edited = await app.handlers.invoke('catalog:update-offering', { id, changes: { notes: 'in room 2.14' } });
    expect(edited).toMatchObject({ ok: true, value: { offering: { notes: 'in room 2.14' } } });
    expect(await app.handlers.invoke('catalog:delete-offering', { id })).toMatchObject({ ok: true, value: { deleted: true } });
    expect(
      catalog()
        .listOfferings()
        .some((o) => o.id === id),
    ).toBe(false);
    const bundled = catalog()
      .listOfferings()
      .find((o) => !o.userDefined)!;
    expect(await app.handlers.invoke('catalog:delete-offering', { id: bundled.id })).toMatchObject({
      ok: false,
      error: { code: 'READ_ONLY' },
    });
  });

  it('refuses bad input with a message on the field and leaves the database unchanged', async () => {
    const count = () =>
      (app.db.prepare('SELECT (SELECT COUNT(*) FROM offerings) + (SELECT COUNT(*) FROM prices) AS n').get() as { n: number }).n;
    const before = count();
    const unknownGpu = await app.handlers.dispatch('catalog:create-offering', {
      offering: { providerId: 'local', sku: 'x', gpuId: 'no-such-gpu', gpuCount: 1 },
      prices: [],
    });
    expect(unknownGpu).toMatchObject({ ok: false, error: { code: 'UNKNOWN_GPU', details: { field: 'gpuId' } } });
    const badRange = await app.handlers.dispatch('catalog:add-price', {
      offeringId: catalog().listOfferings()[0]!.id,
      kind: 'spot',
      usd: 1,
      usdLow: 2,
      per: 'hour',
      asOf: '2026-01-01',
      source: 'x',
    });
    expect(badRange).toMatchObject({ ok: false, error: { details: { field: 'usdLow' } } });
    const zeroGpus = await app.handlers.dispatch('catalog:create-offering', {
      offering: { providerId: 'local', sku: 'x', gpuId: 't4-16gb', gpuCount: 0 },
      prices: [],
    });
    expect(zeroGpus.ok).toBe(false);
    expect(count()).toBe(before);
  });
});
