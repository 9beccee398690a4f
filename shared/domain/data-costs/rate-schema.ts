/**
 * The shape of a storage or data-transfer price row (issue 19 item 15), as the catalog database, the bundled file
 * and the IPC contract carry it. Storage is priced per GB-month (object storage, block volumes) or per provisioned
 * disk per month (managed disks); transfer to the internet per GB, in monthly tiers.
 */
import { z } from 'zod';

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'a price written with digits, such as 0.023');

export const transferTierSchema = z
  .object({
    /** Upper bound of the tier in GB per calendar month (inclusive); null = no bound. */
    upToGb: z.number().positive('a bound of more than 0 GB').max(1e9).nullable(),
    usd: decimal,
  })
  .strict();

export const dataRateSchema = z
  .object({
    id: z.string().min(1).max(120),
    providerId: z.string().min(1).max(120),
    category: z.enum(['storage', 'transfer']),
    sku: z.string().min(1).max(300),
    /** GB-month: per GB held for a month; disk-month: per provisioned disk of `diskGb`; GB: per GB sent, by tier. */
    unit: z.enum(['GB-month', 'disk-month', 'GB']),
    usd: decimal.nullable(),
    diskGb: z.number().positive().max(1e9).nullable(),
    tiers: z.array(transferTierSchema).min(1).max(20).nullable(),
    region: z.string().max(200),
    asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    source: z.string().min(1).max(2000),
    notes: z.string().max(4000),
  })
  .strict();
export type DataRate = z.infer<typeof dataRateSchema>;
export type TransferTier = z.infer<typeof transferTierSchema>;

/** Whether a row's price fits its category and unit; the message says what is expected. */
export const RATE_SHAPE_MESSAGE = 'a transfer rate has GB tiers; a storage rate has a usd per GB-month, or per disk-month with its diskGb';
export function rateShapeOk(r: Pick<DataRate, 'category' | 'unit' | 'usd' | 'diskGb' | 'tiers'>): boolean {
  return r.category === 'transfer'
    ? r.unit === 'GB' && r.tiers !== null
    : r.usd !== null && (r.unit === 'GB-month' || (r.unit === 'disk-month' && r.diskGb !== null));
}

/** Tiers go up: each bound above the one before, only the last without a bound. */
export function tiersProblem(tiers: readonly TransferTier[]): string | null {
  let previous = 0;
  for (const [i, t] of tiers.entries()) {
    const last = i === tiers.length - 1;
    if (t.upToGb === null && !last) return `tier ${i + 1} has no upper bound but is not the last tier`;
    if (t.upToGb !== null && t.upToGb <= previous) return `tier ${i + 1} must end above ${previous} GB`;
    if (t.upToGb !== null && last) return 'the last tier has no upper bound (everything above the tiers before it)';
    previous = t.upToGb ?? previous;
  }
  return null;
}
