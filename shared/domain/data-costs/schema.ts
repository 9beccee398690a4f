/** zod schemas of the storage and transfer totals (they cross IPC inside the plan analysis). */
import { z } from 'zod';

export const dataRateFactsSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  sku: z.string(),
  unit: z.enum(['GB-month', 'disk-month', 'GB']),
  price: z.string(),
  region: z.string(),
  asOf: z.string(),
  source: z.string(),
  notes: z.string(),
});

export const dataCostLineSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  kind: z.enum(['dataset', 'checkpoints', 'downloads']),
  category: z.enum(['storage', 'transfer']),
  trackId: z.string().nullable(),
  quantity: z.string(),
  usd: z.string(),
  rate: dataRateFactsSchema.nullable(),
  unpriced: z.string().nullable(),
});

export const dataCostTotalsSchema = z.object({
  weeks: z.record(
    z.string(),
    z.object({
      storageUsd: z.string(),
      transferUsd: z.string(),
      storageExact: z.string(),
      transferExact: z.string(),
      byTrackExact: z.record(z.string(), z.string()),
    }),
  ),
  storageUsd: z.string(),
  transferUsd: z.string(),
  usd: z.string(),
  lines: z.array(dataCostLineSchema),
  rule: z.string(),
});

const comparisonRowSchema = z.object({
  category: z.enum(['storage', 'transfer']),
  planned: z.string(),
  plannedToDate: z.string(),
  actual: z.string(),
  lineCount: z.number(),
  forecast: z.string(),
  varianceToDate: z.string(),
  byMonth: z.record(z.string(), z.object({ planned: z.string(), actual: z.string() })),
});

/** The budget overview's storage and network comparison (shared/domain/budget/data-cost-lines.ts). */
export const dataCostComparisonSchema = z.object({
  rows: z.array(comparisonRowSchema),
  unassigned: z.object({ lineCount: z.number(), usd: z.string() }),
  basis: z.string(),
});
