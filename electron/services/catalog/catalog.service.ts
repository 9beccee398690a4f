/** Catalog use cases: GPUs, providers, offerings and their dated prices. */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { OfferingWithPrices, Price } from '../../../shared/domain/catalog';
import { UserError } from '../../../shared/domain/errors';
import type { ParsedRequest } from '../../../shared/ipc/contract';
import { discrepancySchema, type Discrepancy } from '../../../shared/ipc/contract/catalog';
import * as q from '../../db/queries/catalog';
import { selectReliability } from '../../db/queries/reliability';
import { selectSubscriptions } from '../../db/queries/subscriptions';
import { catalogToCsv, parseCatalogCsv } from './catalog-csv';
import type { ServiceDeps } from '../service-deps';
import { createDataRatesService } from './data-rates.service';

export type CatalogService = ReturnType<typeof createCatalogService>;

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'offering'
  );
}

export function createCatalogService(deps: ServiceDeps) {
  const { db } = deps;

  function listOfferings(): OfferingWithPrices[] {
    const prices = new Map<string, Price[]>();
    for (const price of q.selectCurrentPrices(db)) {
      const list = prices.get(price.offeringId) ?? [];
      list.push(price);
      prices.set(price.offeringId, list);
    }
    return q.selectOfferings(db).map((o) => ({ ...o, prices: prices.get(o.id) ?? [] }));
  }

  function getOffering(id: string): OfferingWithPrices {
    const offering = q.selectOffering(db, id);
    if (!offering) throw new UserError('NOT_FOUND', `No offering "${id}" in the catalog.`, { field: 'offeringId', value: id });
    const current = q.selectCurrentPrices(db).filter((p) => p.offeringId === id);
    return { ...offering, prices: current };
  }

  function requireGpu(gpuId: string): void {
    if (!q.selectGpu(db, gpuId))
      throw new UserError('UNKNOWN_GPU', `No GPU "${gpuId}" in the catalog.`, {
        field: 'gpuId',
        value: gpuId,
        expected: 'a GPU id from the catalog',
      });
  }
  function requireProvider(providerId: string): void {
    if (!q.selectProvider(db, providerId))
      throw new UserError('UNKNOWN_PROVIDER', `No provider "${providerId}" in the catalog.`, {
        field: 'providerId',
        value: providerId,
        expected: 'a provider id from the catalog',
      });
  }

  /** A price is what a provider asked on a day that has come: one dated after today is refused at its field. */
  function refuseFutureDates(prices: Array<{ asOf: string }>, field: (index: number) => string) {
    const today = deps.now().toISOString().slice(0, 10);
    prices.forEach((p, i) => {
      if (p.asOf > today)
        throw new UserError('FUTURE_DATE', `The price is dated ${p.asOf}, after today (${today}); enter the day the price was seen.`, {
          field: field(i),
          value: p.asOf,
          expected: `a date on or before ${today}`,
        });
    });
  }

  function addPrice(input: ParsedRequest<'catalog:add-price'>): Price {
    getOffering(input.offeringId);
    refuseFutureDates([input], () => 'asOf');
    const id = q.insertPrice(db, { ...input, recordedAt: deps.now().toISOString() });
    return q.selectPrice(db, id)!;
  }

  function createOffering(input: ParsedRequest<'catalog:create-offering'>): OfferingWithPrices {
    const { offering, prices } = input;
    requireProvider(offering.providerId);
    requireGpu(offering.gpuId);
    refuseFutureDates(prices, (i) => `prices.${i}.asOf`);
    let id = offering.id ?? `${offering.providerId}-${slug(offering.sku)}`;
    if (!offering.id) {
      for (let n = 2; q.selectOffering(db, id) || db.prepare('SELECT 1 FROM offerings WHERE id = ?').get(id); n += 1)
        id = `${offering.providerId}-${slug(offering.sku)}-${n}`;
    } else if (db.prepare('SELECT 1 FROM offerings WHERE id = ?').get(id)) {
      throw new UserError('DUPLICATE_ID', `An offering "${id}" already exists.`, { field: 'id', value: id });
    }
    const recordedAt = deps.now().toISOString();
    db.transaction(() => {
      q.insertOffering(db, { ...offering, id, userDefined: true });
      for (const price of prices) q.insertPrice(db, { ...price, offeringId: id, recordedAt });
    })();
    return getOffering(id);
  }

  function updateOffering(input: ParsedRequest<'catalog:update-offering'>): OfferingWithPrices {
    const current = getOffering(input.id);
    if (!current.userDefined)
      throw new UserError(
        'READ_ONLY',
        `"${current.sku}" comes from the bundled catalog; add a price to change what it costs, or create your own offering.`,
        { field: 'id' },
      );
    const next = { ...current, ...Object.fromEntries(Object.entries(input.changes).filter(([, v]) => v !== undefined)) };
    if (input.changes.gpuId) requireGpu(input.changes.gpuId);
    if (input.changes.providerId) requireProvider(input.changes.providerId);
    q.updateOffering(db, next);
    return getOffering(input.id);
  }

  function deleteOffering(id: string): boolean {
    const current = getOffering(id);
    if (!current.userDefined)
      throw new UserError('READ_ONLY', `"${current.sku}" comes from the bundled catalog and cannot be deleted.`, { field: 'id' });
    return q.markOfferingDeleted(db, id, deps.now().toISOString()) === 1;
  }

  let discrepancies: Discrepancy[] | null = null;
  /** Where the seeds contradict each other or a datasheet: the claim, and the primary source the data follows. */
  function listDiscrepancies(): Discrepancy[] {
    discrepancies ??= z
      .object({ discrepancies: z.array(discrepancySchema) })
      .parse(JSON.parse(fs.readFileSync(path.join(deps.resourcesDir, 'catalog', 'discrepancies.json'), 'utf8'))).discrepancies;
    return discrepancies;
  }

  function exportCsv(options: { bom?: boolean } = {}): { text: string; rows: number } {
    const offerings = listOfferings().map((o) => ({ ...o, history: q.selectPriceHistory(db, o.id).reverse() }));
    return { text: catalogToCsv(offerings, options), rows: offerings.reduce((n, o) => n + o.history.length, 0) };
  }

  /**
   * Imports a catalog CSV in one transaction: unknown offerings are added as your own, prices not already recorded
   * are added as dated rows; a file with any invalid row changes nothing.
   */
  function importCsv(text: string, file: string): { rows: number; offeringsAdded: number; pricesAdded: number; unchanged: number } {
    const rows = parseCatalogCsv(text, file);
    let offeringsAdded = 0;
    let pricesAdded = 0;
    let unchanged = 0;
    const recordedAt = deps.now().toISOString();
    db.transaction(() => {
      for (const { line, offering, price } of rows) {
        const exists = db.prepare('SELECT deleted_at FROM offerings WHERE id = ?').get(offering.id) as
          { deleted_at: string | null } | undefined;
        if (!exists) {
          if (!q.selectProvider(db, offering.providerId))
            throw new UserError('UNKNOWN_PROVIDER', `${file}: line ${line}: no provider "${offering.providerId}"`, {
              file,
              line,
              column: 'provider_id',
              value: offering.providerId,
            });
          if (!q.selectGpu(db, offering.gpuId))
            throw new UserError('UNKNOWN_GPU', `${file}: line ${line}: no GPU "${offering.gpuId}"`, {
              file,
              line,
              column: 'gpu_id',
              value: offering.gpuId,
            });
          q.insertOffering(db, { ...offering, userDefined: true });
          offeringsAdded += 1;
        }
        const same = db
          .prepare(
            'SELECT 1 FROM prices WHERE offering_id = ? AND kind = ? AND usd = ? AND per = ? AND as_of = ? AND source = ? AND usd_low IS ? AND usd_high IS ?',
          )
          .get(offering.id, price.kind, price.usd, price.per, price.asOf, price.source, price.usdLow, price.usdHigh);
        if (same) unchanged += 1;
        else {
          q.insertPrice(db, { ...price, offeringId: offering.id, recordedAt });
          pricesAdded += 1;
        }
      }
    })();
    return { rows: rows.length, offeringsAdded, pricesAdded, unchanged };
  }

  return {
    exportCsv,
    importCsv,
    listDiscrepancies,
    /** Subscriptions' allowances, usage rates and top-ups, with their sources (issue 25 item 5). */
    listSubscriptions: () => selectSubscriptions(db),
    listGpus: () => q.selectGpus(db),
    getGpu: (id: string) => q.selectGpu(db, id),
    listProviders: () => q.selectProviders(db),
    listOfferings,
    /** Reliability ratings (data, with their source) and which provider each offering belongs to. */
    listReliability: () => ({
      entries: selectReliability(db),
      offeringProviders: Object.fromEntries(q.selectOfferings(db).map((o) => [o.id, o.providerId])),
    }),
    getOffering,
    getPriceHistory: (offeringId: string) => {
      getOffering(offeringId);
      return q.selectPriceHistory(db, offeringId);
    },
    addPrice,
    createOffering,
    updateOffering,
    deleteOffering,
    ...createDataRatesService(deps),
  };
}
