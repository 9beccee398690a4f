/** Which catalog rows the Offerings table shows: a text search and filters by provider, GPU, price kind, memory, price. */
import type { CatalogRow } from './catalog-rows';

/** The filters as typed ('' = any). */
export interface CatalogFilter {
  search: string;
  provider: string;
  gpuId: string;
  kind: string;
  minMemory: string;
  maxPerGpuHour: string;
}

export const ANY_OFFERING: CatalogFilter = { search: '', provider: '', gpuId: '', kind: '', minMemory: '', maxPerGpuHour: '' };

/** The rows that pass every filter; the search looks in provider, SKU, GPU, notes and price source (any case). A row
 * without a comparable $/GPU-hour passes the price filter. */
export function filterCatalogRows(rows: readonly CatalogRow[], filter: CatalogFilter): CatalogRow[] {
  const { provider, gpuId, kind } = filter;
  const needle = filter.search.trim().toLowerCase();
  const minMem = Number(filter.minMemory) || 0;
  const maxPrice = filter.maxPerGpuHour.trim() === '' ? Infinity : Number(filter.maxPerGpuHour);
  return rows.filter(
    (r) =>
      (!provider || r.offering.providerId === provider) &&
      (!gpuId || r.offering.gpuId === gpuId) &&
      (!kind || r.price.kind === kind) &&
      (r.gpu?.memoryGiB ?? 0) >= minMem &&
      (r.perGpuHour === null || r.perGpuHour.usd <= maxPrice) &&
      (!needle ||
        `${r.offering.providerName} ${r.offering.sku} ${r.gpu?.name ?? ''} ${r.offering.notes ?? ''} ${r.price.source}`
          .toLowerCase()
          .includes(needle)),
  );
}
