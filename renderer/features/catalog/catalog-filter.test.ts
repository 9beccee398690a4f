import { describe, expect, it } from 'vitest';
import { gpus, offerings } from '../../../shared/estimate/test-catalog';
import { catalogRows } from './catalog-rows';
import { ANY_OFFERING, filterCatalogRows } from './catalog-filter';

const rows = catalogRows(offerings, gpus);

describe('the Offerings table filters', () => {
  it('no filter keeps every row', () => {
    expect(filterCatalogRows(rows, ANY_OFFERING)).toHaveLength(rows.length);
  });
  it('provider, price kind and minimum memory each narrow the rows', () => {
    const provider = rows[0]!.offering.providerId;
    expect(filterCatalogRows(rows, { ...ANY_OFFERING, provider }).every((r) => r.offering.providerId === provider)).toBe(true);
    expect(filterCatalogRows(rows, { ...ANY_OFFERING, kind: 'spot' }).every((r) => r.price.kind === 'spot')).toBe(true);
    const big = filterCatalogRows(rows, { ...ANY_OFFERING, minMemory: '80' });
    expect(big.length).toBeGreaterThan(0);
    expect(big.every((r) => (r.gpu?.memoryGiB ?? 0) >= 80)).toBe(true);
  });
  it('the price ceiling keeps rows at or under it, and rows without a comparable price', () => {
    const kept = filterCatalogRows(rows, { ...ANY_OFFERING, maxPerGpuHour: '1' });
    expect(kept.length).toBeLessThan(rows.length);
    expect(kept.every((r) => r.perGpuHour === null || r.perGpuHour.usd <= 1)).toBe(true);
  });
  it('the search ignores case and looks in the SKU', () => {
    const sku = rows[0]!.offering.sku;
    const found = filterCatalogRows(rows, { ...ANY_OFFERING, search: `  ${sku.toUpperCase()} ` });
    expect(found.some((r) => r.offering.sku === sku)).toBe(true);
    expect(filterCatalogRows(rows, { ...ANY_OFFERING, search: 'no such offering anywhere' })).toEqual([]);
  });
});
