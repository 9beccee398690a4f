/**
 * Storage and transfer prices as catalog rows (issue 19 item 15, migration 0013): seeded from the bundled file on a new
 * database and on an existing one, listed and edited through IPC, and the plan's storage lines priced from them.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_DATA_RATES } from '../../../shared/domain/data-costs/rates';
import { resourcesDir, tempDir } from '../../test-support/paths';
import { openDatabase } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import { selectDataRates } from '../../db/queries/data-rates';
import { createAppContext } from '../app-context';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, resourcesDir, runtime: 'cli', now: () => new Date('2025-12-20T10:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

describe('storage and transfer prices in the catalog database', () => {
  it('a new database holds every bundled row, with its exact price, tiers, date and source', async () => {
    const r = await app.handlers.invoke('catalog:list-data-rates', {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.rates.map((x) => x.id).sort()).toEqual(BUNDLED_DATA_RATES.map((x) => x.id).sort());
    const p20 = r.value.rates.find((x) => x.id === 'azure-premium-ssd-p20')!;
    expect(p20).toMatchObject({ usd: '73.22', unit: 'disk-month', diskGb: 512, asOf: '2024-11-01', edited: false });
    const egress = r.value.rates.find((x) => x.id === 'azure-egress-internet')!;
    expect(egress.tiers?.[0]).toEqual({ upToGb: 100, usd: '0' });
  });

  it('an existing database (schema 12, catalog seeded) gains the table and the bundled rows when it opens', () => {
    const t = tempDir();
    const file = path.join(t.dir, 'v12.sqlite');
    const old = new BetterSqlite3(file);
    migrate(old, migrations.slice(0, 12), { file });
    old.close();
    const { db } = openDatabase(file, { resourcesDir });
    expect(selectDataRates(db)).toHaveLength(BUNDLED_DATA_RATES.length);
    db.close();
    t.remove();
  });

  it('a newer price is saved, marked as entered, and prices the plan’s storage lines', async () => {
    const before = await app.services.plan.getPlan();
    const item = before.plan.dataCosts!.find((d) => d.rateId === 'google-drive-100gb') ?? before.plan.dataCosts![0]!;
    const rate = (await app.handlers.invoke('catalog:list-data-rates', {})) as {
      ok: true;
      value: { rates: Array<{ id: string; usd: string | null }> };
    };
    const current = rate.value.rates.find((x) => x.id === item.rateId)!;
    const doubled = String(Number(current.usd) * 2);
    const r = await app.handlers.invoke('catalog:update-data-rate', {
      id: item.rateId,
      usd: doubled,
      tiers: null,
      region: 'global',
      asOf: '2025-12-19',
      source: 'https://one.google.com/about/plans (test)',
      notes: '',
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.rate).toMatchObject({ usd: doubled, asOf: '2025-12-19', edited: true });
    const after = await app.services.plan.getPlan();
    const lineBefore = before.analysis.totals.dataCosts.lines.find((l) => l.itemId === item.id)!;
    const lineAfter = after.analysis.totals.dataCosts.lines.find((l) => l.itemId === item.id)!;
    expect(Number(lineAfter.usd)).toBeGreaterThan(Number(lineBefore.usd));
    expect(lineAfter.rate?.asOf).toBe('2025-12-19');
    expect(after.catalog.dataRates?.find((x) => x.id === item.rateId)?.usd).toBe(doubled);
  });

  it('refuses a storage row without a price, tiers that do not go up, and a date after today, at the field', async () => {
    const base = { region: 'East US', source: 'https://azure.microsoft.com/pricing/', notes: '' };
    const noPrice = await app.handlers.invoke('catalog:update-data-rate', {
      ...base,
      id: 'azure-blob-hot',
      usd: null,
      tiers: null,
      asOf: '2025-12-01',
    });
    expect(noPrice.ok || noPrice.error.details?.field).toBe('usd');
    const tiers = await app.handlers.invoke('catalog:update-data-rate', {
      ...base,
      id: 'azure-egress-internet',
      usd: null,
      tiers: [
        { upToGb: 100, usd: '0' },
        { upToGb: 50, usd: '0.08' },
        { upToGb: null, usd: '0.07' },
      ],
      asOf: '2025-12-01',
    });
    expect(tiers.ok || tiers.error.details?.field).toBe('tiers');
    const future = await app.handlers.invoke('catalog:update-data-rate', {
      ...base,
      id: 'azure-blob-hot',
      usd: '0.02',
      tiers: null,
      asOf: '2026-01-05',
    });
    expect(future.ok || future.error.details?.field).toBe('asOf');
    const unknown = await app.handlers.invoke('catalog:update-data-rate', {
      ...base,
      id: 'nope',
      usd: '0.02',
      tiers: null,
      asOf: '2025-12-01',
    });
    expect(unknown.ok || unknown.error.code).toBe('NOT_FOUND');
    const r = await app.handlers.invoke('catalog:list-data-rates', {});
    if (r.ok) expect(r.value.rates.find((x) => x.id === 'azure-blob-hot')).toMatchObject({ usd: '0.0184', edited: false });
  });
});

describe('seed 003’s example states its storage and transfer', () => {
  it('prices the managed disks, the Blob dataset and the free first 100 GB of transfer as their own lines', async () => {
    const view = await app.services.plan.getPlan('seed-003-small-lab');
    const totals = view.analysis.totals;
    const lines = new Map(totals.dataCosts.lines.map((l) => [l.itemId, l]));
    expect([...lines.values()].every((l) => l.unpriced === null)).toBe(true);
    // Two P30 disks for 2 TB, held a month (5 Jan – 4 Feb): about 2 × $135.17.
    expect(Number(lines.get('data-large-ssd')!.usd)).toBeCloseTo(270.34, -1);
    expect(Number(lines.get('data-large-blob')!.usd)).toBeCloseTo(1.84, 0);
    expect(lines.get('data-mix-downloads')!.usd).toBe('0.00');
    expect(Number(totals.storageUsd)).toBeGreaterThan(1000);
    expect(totals.transferUsd).toBe('0.00');
    expect(Number(totals.allCostsUsd)).toBeCloseTo(Number(totals.usd) + Number(totals.storageUsd), 2);
  });
});
