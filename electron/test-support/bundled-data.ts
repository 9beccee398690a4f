/** The bundled resources as the app loads them, for tests that re-derive figures from the real catalog. */
import fs from 'node:fs';
import path from 'node:path';
import type { Gpu, OfferingWithPrices, Price } from '../../shared/domain/catalog';
import { parseClaimsFile, type ClaimsFile } from '../../shared/domain/claims/claims-file';
import type { ClaimContext } from '../../shared/domain/claims/evaluate';
import type { Plan, PlanCatalog } from '../../shared/domain/plan/types';
import { estimateWorkloadAcrossCatalog } from '../../shared/estimate/estimate';
import { estimatePhase } from '../services/plan/plan-estimates';
import { resourcesDir } from './paths';

const readJson = (...parts: string[]): unknown => JSON.parse(fs.readFileSync(path.join(resourcesDir, ...parts), 'utf8'));

type RawOffering = Omit<OfferingWithPrices, 'providerName' | 'userDefined' | 'prices'> & {
  prices: Array<Omit<Price, 'id' | 'offeringId' | 'recordedAt'>>;
};

export function bundledCatalog(): { gpus: Gpu[]; offerings: OfferingWithPrices[] } {
  const gpus = (readJson('catalog', 'gpus.json') as { gpus: Gpu[] }).gpus;
  const providers = new Map(
    (readJson('catalog', 'providers.json') as { providers: Array<{ id: string; name: string }> }).providers.map((p) => [p.id, p.name]),
  );
  let priceId = 0;
  const offerings = (readJson('catalog', 'offerings.json') as { offerings: RawOffering[] }).offerings.map((o) => ({
    ...o,
    providerName: providers.get(o.providerId) ?? o.providerId,
    userDefined: false,
    prices: o.prices.map((p) => ({
      ...p,
      id: (priceId += 1),
      offeringId: o.id,
      recordedAt: '2026-01-01T00:00:00Z',
      notes: p.notes ?? null,
    })),
  }));
  return { gpus, offerings };
}

/** The claims context over the bundled catalog and the real estimator. */
export function bundledClaimContext(problems: ClaimContext['problems']): ClaimContext {
  const { gpus, offerings } = bundledCatalog();
  return {
    gpus,
    offerings,
    problems,
    estimate: (workload, gpuIds) => estimateWorkloadAcrossCatalog(workload, gpus, offerings, { gpuIds, includeFlagged: true }),
  };
}

export function bundledClaimsFiles(): ClaimsFile[] {
  const dir = path.join(resourcesDir, 'claims');
  return fs
    .readdirSync(dir)
    .filter((f) => /^seed-\d{3}\.json$/.test(f))
    .sort()
    .map((f) => parseClaimsFile(readJson('claims', f), `claims/${f}`));
}

export function bundledJson(...parts: string[]): unknown {
  return readJson(...parts);
}

/** The plan with every phase's app estimate filled in, as the app's plan view holds it after `refreshEstimates`. */
export async function planWithAppEstimates(plan: Plan, catalog: PlanCatalog, ctx: ClaimContext, now: Date): Promise<Plan> {
  const copy = structuredClone(plan);
  const estimator = (workload: Record<string, unknown>, gpuIds: string[]) => ctx.estimate(workload, gpuIds);
  for (const m of copy.milestones)
    for (const phase of m.phases) phase.appEstimate = await estimatePhase(copy, catalog, phase, estimator, now);
  return copy;
}

/** The plan catalog (offering facts) of the bundled catalog. */
export function planCatalogOf(offerings: OfferingWithPrices[]): PlanCatalog {
  return {
    offerings: offerings.map((o) => ({
      id: o.id,
      gpuId: o.gpuId,
      gpuCount: o.gpuCount,
      vcpus: o.vcpus,
      label: o.sku,
      deleted: false,
      prices: o.prices,
    })),
  };
}
