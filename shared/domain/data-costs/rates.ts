/**
 * Storage and data-transfer prices (issue 19 item 15): dated catalog rows per provider, like GPU prices, bundled in
 * resources/catalog/storage-transfer.json. Storage is priced per GB-month (object storage, block volumes) or per
 * provisioned disk per month (managed disks); transfer to the internet per GB, in monthly tiers.
 */
import { z } from 'zod';
import ratesJson from '../../../resources/catalog/storage-transfer.json';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal such as 0.023');

export const transferTierSchema = z.object({
  /** Upper bound of the tier in GB per calendar month (inclusive); null = no bound. */
  upToGb: z.number().positive().nullable(),
  usd: decimal,
});

export const dataRateSchema = z.object({
  id: z.string().min(1),
  providerId: z.string().min(1),
  category: z.enum(['storage', 'transfer']),
  sku: z.string().min(1),
  /** GB-month: per GB held for a month; disk-month: per provisioned disk of `diskGb`; GB: per GB sent, by tier. */
  unit: z.enum(['GB-month', 'disk-month', 'GB']),
  usd: decimal.nullable(),
  diskGb: z.number().positive().nullable(),
  tiers: z.array(transferTierSchema).min(1).nullable(),
  region: z.string(),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  source: z.string().min(1),
  notes: z.string(),
});
export type DataRate = z.infer<typeof dataRateSchema>;
export type TransferTier = z.infer<typeof transferTierSchema>;

export const dataRatesFileSchema = z.object({
  rates: z.array(
    dataRateSchema.refine(
      (r) =>
        r.category === 'transfer'
          ? r.unit === 'GB' && r.tiers !== null
          : r.usd !== null && (r.unit === 'GB-month' || (r.unit === 'disk-month' && r.diskGb !== null)),
      { message: 'a transfer rate has GB tiers; a storage rate has a usd per GB-month, or per disk-month with its diskGb' },
    ),
  ),
});

/** The bundled rows, validated once. */
export const BUNDLED_DATA_RATES: readonly DataRate[] = dataRatesFileSchema.parse(ratesJson).rates;

/** How a rate reads to a person: "$0.0184 per GB-month", "$19.71 per disk-month (128 GB)", "first 100 GB free, then…". */
export function describeRate(rate: DataRate): string {
  if (rate.unit === 'disk-month') return `$${rate.usd} per disk per month (${rate.diskGb} GB disk)`;
  if (rate.unit === 'GB-month') return `$${rate.usd} per GB-month`;
  let from = 0;
  return (rate.tiers ?? [])
    .map((t) => {
      const span = t.upToGb === null ? `over ${from} GB` : `${from}–${t.upToGb} GB`;
      from = t.upToGb ?? from;
      return Number(t.usd) === 0 ? `${span}: free` : `${span}: $${t.usd}/GB`;
    })
    .join('; ')
    .concat(' (per month)');
}
