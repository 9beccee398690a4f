/**
 * Storage and data-transfer prices (issue 19 item 15): dated catalog rows per provider, like GPU prices, kept in the
 * catalog database (table data_rates) and seeded from resources/catalog/storage-transfer.json. The bundled rows here
 * are the default for pure callers (tests, a catalog without rows); the app prices plans from the database rows. Storage is priced per GB-month (object storage, block volumes) or per
 * provisioned disk per month (managed disks); transfer to the internet per GB, in monthly tiers.
 */
import { z } from 'zod';
import { dataRateSchema, RATE_SHAPE_MESSAGE, rateShapeOk, type DataRate } from './rate-schema';
import ratesJson from '../../../resources/catalog/storage-transfer.json';

export const dataRatesFileSchema = z.object({
  rates: z.array(dataRateSchema.refine(rateShapeOk, { message: RATE_SHAPE_MESSAGE })),
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
