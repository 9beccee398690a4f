import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import { parseCatalogCsv } from './catalog-csv';

const source = createTestApp();
const target = createTestApp();
afterAll(() => {
  source.dispose();
  target.dispose();
});

const snapshot = (app: typeof source) =>
  app.services.catalog.listOfferings().map((o) => ({
    ...o,
    prices: o.prices.map(({ id: _id, recordedAt: _r, ...p }) => p),
    history: app.services.catalog.getPriceHistory(o.id).length,
  }));

describe('catalog CSV', () => {
  it('round-trips: an export imported into the same database adds nothing; into another it rebuilds the same catalog', async () => {
    await source.handlers.invoke('catalog:create-offering', {
      offering: {
        providerId: 'local',
        sku: 'Lab box, 2×RTX 4090 "A"',
        gpuId: 'rtx-4090-24gb',
        gpuCount: 2,
        powerWatts: 1100,
        notes: 'room 2.14\nsecond line',
      },
      prices: [{ kind: 'purchase', usd: 6500, per: 'once', asOf: '2026-11-20', source: 'lab invoice, #42' }],
    });
    const { text, rows } = source.services.catalog.exportCsv();
    expect(rows).toBeGreaterThan(40);
    expect(source.services.catalog.importCsv(text, 'export.csv')).toMatchObject({ offeringsAdded: 0, pricesAdded: 0, unchanged: rows });
    const result = target.services.catalog.importCsv(text, 'export.csv');
    expect(result.offeringsAdded).toBe(1);
    expect(result.pricesAdded).toBe(1);
    const a = snapshot(source).find((o) => o.sku.startsWith('Lab box'));
    const b = snapshot(target).find((o) => o.sku.startsWith('Lab box'));
    expect(b).toEqual(a);
    expect(target.services.catalog.exportCsv().text).toBe(text);
  });

  it('refuses a file with invalid rows whole, naming line and column, database unchanged', () => {
    const good = source.services.catalog.exportCsv().text.split('\r\n');
    const broken = [
      ...good.slice(0, 3),
      good[3]!.replace(/,hour,/, ',fortnight,'),
      good[4]!.replace(/,\d{4}-\d{2}-\d{2},/, ',31/12/2025,'),
      ...good.slice(5),
    ].join('\r\n');
    const before = target.db.prepare('SELECT COUNT(*) AS n FROM prices').get();
    let caught: unknown;
    try {
      target.services.catalog.importCsv(broken.replace(/^offering_id/, 'offering_id'), 'broken.csv');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'CSV_INVALID' });
    const problems = (caught as { details: { problems: Array<{ line: number; column: string }> } }).details.problems;
    expect(problems.some((p) => p.line === 4 && /^per/.test(p.column))).toBe(true);
    expect(problems.some((p) => p.line === 5 && /^as_of/.test(p.column))).toBe(true);
    expect(target.db.prepare('SELECT COUNT(*) AS n FROM prices').get()).toEqual(before);
  });

  it('names the line a record starts on, also after a quoted field that spans lines', () => {
    const header =
      'offering_id,provider_id,sku,gpu_id,gpu_count,vcpus,ram_gib,region,notes,power_watts,price_kind,usd,per,usd_low,usd_high,as_of,source,price_notes';
    const ok = 'lab-box,local,Lab box,rtx-4090-24gb,2,,,,"two\nline notes",1100,purchase,6500,once,,,2026-11-20,invoice,';
    const bad = 'lab-box,local,Lab box,rtx-4090-24gb,2,,,,,1100,purchase,abc,once,,,2026-11-20,invoice,';
    expect(parseCatalogCsv(`${header}\r\n${ok}\r\n`, 'ok.csv')[0]).toMatchObject({ line: 2, offering: { notes: 'two\nline notes' } });
    let caught: unknown;
    try {
      parseCatalogCsv(`${header}\r\n${ok}\r\n\r\n${bad}\r\n`, 'bad.csv');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'CSV_INVALID', details: { line: 5, column: 'usd (12)' } });
    expect((caught as Error).message).toMatch(/line 5, column usd \(12\)/);
    // The same file with LF line ends (a spreadsheet on Linux or macOS): the same lines (they read one less before).
    expect(parseCatalogCsv(`${header}\n${ok}\n`, 'ok.csv')[0]).toMatchObject({ line: 2 });
    try {
      parseCatalogCsv(`${header}\n${ok}\n\n${bad}\n`, 'bad.csv');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'CSV_INVALID', details: { line: 5, column: 'usd (12)' } });
  });

  it('reports a missing column in the header', () => {
    expect(() => parseCatalogCsv('offering_id,sku\r\nx,y\r\n', 'short.csv')).toThrow(/header lacks provider_id/);
  });
});
