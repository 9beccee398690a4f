/** The bundled catalog (resources/catalog) as the estimator sees it, for unit tests. */
import gpusJson from '../../resources/catalog/gpus.json';
import offeringsJson from '../../resources/catalog/offerings.json';
import providersJson from '../../resources/catalog/providers.json';
import type { Gpu, OfferingWithPrices, Price } from '../domain/catalog';

export const gpus = (gpusJson as unknown as { gpus: Gpu[] }).gpus;
const providers = new Map(
  (providersJson as unknown as { providers: Array<{ id: string; name: string }> }).providers.map((p) => [p.id, p.name]),
);
let priceId = 0;
export const offerings: OfferingWithPrices[] = (
  offeringsJson as unknown as {
    offerings: Array<
      Omit<OfferingWithPrices, 'providerName' | 'userDefined' | 'prices'> & {
        prices: Array<Omit<Price, 'id' | 'offeringId' | 'recordedAt'>>;
      }
    >;
  }
).offerings.map((o) => ({
  ...o,
  providerName: providers.get(o.providerId) ?? o.providerId,
  userDefined: false,
  prices: o.prices.map((p) => ({ ...p, id: (priceId += 1), offeringId: o.id, recordedAt: '2026-01-01T00:00:00Z', notes: p.notes ?? null })),
}));

/** The CLI contract's example workload (VitalDB M1: ResNet34-1D, 600,000 windows of 500 samples, 50 epochs, bf16). */
export const VITALDB_M1_WORKLOAD = {
  model: { preset: 'resnet34-1d' },
  input: { windowSamples: 500 },
  batchSize: 256,
  precision: 'bf16',
  dataset: { samples: 600_000 },
  epochs: 50,
};
