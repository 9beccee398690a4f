import { afterAll, describe, expect, it } from 'vitest';
import gpusJson from '../../../resources/catalog/gpus.json';
import offeringsJson from '../../../resources/catalog/offerings.json';
import providersJson from '../../../resources/catalog/providers.json';
import { gpusFileSchema, offeringsFileSchema, providersFileSchema } from '../../../shared/domain/catalog-schema';
import { createTestApp } from '../../test-support/test-app';

// The seeded database against the bundled files (whose figures shared/domain/catalog-data.test.ts checks against the
// seeds and docs/cli.md): first start loads every GPU, provider, offering and price, figure for figure.
const app = createTestApp();
afterAll(() => app.dispose());
const files = {
  gpus: gpusFileSchema.parse(gpusJson).gpus,
  providers: providersFileSchema.parse(providersJson).providers,
  offerings: offeringsFileSchema.parse(offeringsJson).offerings,
};

describe('seeded catalog database', () => {
  it('holds every bundled GPU with its datasheet figures and source', () => {
    const gpus = new Map(app.services.catalog.listGpus().map((g) => [g.id, g]));
    expect(gpus.size).toBe(files.gpus.length);
    for (const g of files.gpus) {
      expect(gpus.get(g.id), g.id).toMatchObject({
        name: g.name,
        memoryGiB: g.memoryGiB,
        memoryBandwidthGBs: g.memoryBandwidthGBs,
        tflops: g.tflops,
        source: g.source,
      });
    }
  });

  it('holds every bundled provider, offering and price, each price dated and sourced as in the file', () => {
    expect(new Set(app.services.catalog.listProviders().map((p) => p.id))).toEqual(new Set(files.providers.map((p) => p.id)));
    const offerings = new Map(app.services.catalog.listOfferings().map((o) => [o.id, o]));
    expect(offerings.size).toBe(files.offerings.length);
    for (const o of files.offerings) {
      const row = offerings.get(o.id);
      expect(row, o.id).toMatchObject({
        providerId: o.providerId,
        sku: o.sku,
        gpuId: o.gpuId,
        gpuCount: o.gpuCount,
        vcpus: o.vcpus,
        powerWatts: o.powerWatts,
      });
      expect(
        row!.prices
          .map((p) => ({ kind: p.kind, usd: p.usd, per: p.per, usdLow: p.usdLow, usdHigh: p.usdHigh, asOf: p.asOf, source: p.source }))
          .sort((a, b) => a.kind.localeCompare(b.kind)),
      ).toEqual(
        o.prices
          .map((p) => ({ kind: p.kind, usd: p.usd, per: p.per, usdLow: p.usdLow, usdHigh: p.usdHigh, asOf: p.asOf, source: p.source }))
          .sort((a, b) => a.kind.localeCompare(b.kind)),
      );
    }
  });
});
