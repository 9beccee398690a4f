import { z } from 'zod';
import { reliabilitySchema } from '../../domain/reliability';
import { PRECISIONS, PRICE_KINDS, PRICE_UNITS, PROVIDER_KINDS } from '../../domain/catalog';
import { amountNumber, plausibleDay } from '../../domain/field-bounds';
import type { ChannelMap, EventMap } from '../channel';

const isoDate = plausibleDay;
const money = amountNumber;
const id = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9.-]*$/, 'kebab-case letters, digits, dots and dashes');

export const gpuSchema = z.object({
  id: z.string(),
  name: z.string(),
  vendor: z.string(),
  architecture: z.string().nullable(),
  memoryGiB: z.number(),
  memoryBandwidthGBs: z.number(),
  tflops: z.object(
    Object.fromEntries(PRECISIONS.map((p) => [p, z.number().nullable()])) as Record<
      (typeof PRECISIONS)[number],
      z.ZodNullable<z.ZodNumber>
    >,
  ),
  tdpWatts: z.number().nullable(),
  interconnectGBs: z.number().nullable(),
  source: z.string(),
  notes: z.string().nullable(),
});

/** A provider's run limits (issue 18): session, job timeout, spot notice, with the source. */
export const providerLimitsSchema = z.object({
  sessionHours: z.number().positive().nullable(),
  jobTimeoutDefaultHours: z.number().positive().nullable(),
  spotEvictionNoticeSeconds: z.number().positive().nullable(),
  source: z.string().min(1),
  notes: z.string().nullable(),
});

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  website: z.string().nullable(),
  limits: providerLimitsSchema.nullable().optional(),
});

export const priceSchema = z.object({
  id: z.number().int(),
  offeringId: z.string(),
  kind: z.enum(PRICE_KINDS),
  usd: z.number(),
  per: z.enum(PRICE_UNITS),
  usdLow: z.number().nullable(),
  usdHigh: z.number().nullable(),
  asOf: z.string(),
  source: z.string(),
  notes: z.string().nullable(),
  recordedAt: z.string(),
});

export const offeringSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  sku: z.string(),
  gpuId: z.string(),
  gpuCount: z.number().int(),
  vcpus: z.number().nullable(),
  ramGiB: z.number().nullable(),
  region: z.string().nullable(),
  notes: z.string().nullable(),
  powerWatts: z.number().nullable(),
  userDefined: z.boolean(),
  /** Local disk of the host, GB (issue 18), and where the host figures come from. */
  localDiskGB: z.number().nullable().optional(),
  hostSource: z.string().nullable().optional(),
  /** The current price of each kind (latest asOf, then latest recorded). */
  prices: z.array(priceSchema),
});

const priceFieldsSchema = z
  .object({
    offeringId: id,
    kind: z.enum(PRICE_KINDS),
    usd: money,
    per: z.enum(PRICE_UNITS),
    usdLow: money.nullable().default(null),
    usdHigh: money.nullable().default(null),
    asOf: isoDate,
    source: z.string().trim().min(1, 'where the price comes from (document, URL or person)').max(500),
    notes: z.string().max(2000).nullable().default(null),
  })
  .strict();
function withRangeChecks<T extends z.ZodType<{ usd: number; usdLow: number | null; usdHigh: number | null }>>(schema: T) {
  return schema
    .refine((p) => p.usdLow === null || p.usdLow <= p.usd, { path: ['usdLow'], message: 'the low end must not exceed the price' })
    .refine((p) => p.usdHigh === null || p.usdHigh >= p.usd, { path: ['usdHigh'], message: 'the high end must not be below the price' });
}
export const priceInputSchema = withRangeChecks(priceFieldsSchema);
export const newOfferingPriceSchema = withRangeChecks(priceFieldsSchema.omit({ offeringId: true }));
export type PriceInput = z.input<typeof priceInputSchema>;

export const offeringInputSchema = z.object({
  id: id.optional(),
  providerId: id,
  sku: z.string().trim().min(1, 'a name or SKU').max(200),
  gpuId: id,
  gpuCount: z.number().int('a whole number of GPUs').min(1, 'at least one GPU').max(64),
  vcpus: z.number().int().positive().nullable().default(null),
  ramGiB: z.number().positive().nullable().default(null),
  region: z.string().max(100).nullable().default(null),
  notes: z.string().max(2000).nullable().default(null),
  powerWatts: z.number().positive().max(20000).nullable().default(null),
});
export type OfferingInput = z.input<typeof offeringInputSchema>;

export const discrepancySchema = z.object({
  id: z.string(),
  subject: z.string(),
  claim: z.string(),
  document: z.string(),
  primaryValue: z.string(),
  primarySource: z.string(),
  note: z.string().nullable().default(null),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const catalogChannels = {
  'catalog:export-csv': {
    request: z.object({ bom: z.boolean().default(false) }).strict(),
    response: z.object({ file: z.string().nullable(), rows: z.number().int() }),
  },
  'catalog:import-csv': {
    request: z.object({}).strict(),
    response: z.object({
      file: z.string().nullable(),
      rows: z.number().int(),
      offeringsAdded: z.number().int(),
      pricesAdded: z.number().int(),
      unchanged: z.number().int(),
    }),
  },
  'catalog:list-discrepancies': { request: z.object({}).strict(), response: z.object({ discrepancies: z.array(discrepancySchema) }) },
  'catalog:list-gpus': { request: z.object({}).strict(), response: z.object({ gpus: z.array(gpuSchema) }) },
  'catalog:list-providers': { request: z.object({}).strict(), response: z.object({ providers: z.array(providerSchema) }) },
  'catalog:list-offerings': { request: z.object({}).strict(), response: z.object({ offerings: z.array(offeringSchema) }) },
  'catalog:list-reliability': {
    request: z.object({}).strict(),
    response: z.object({
      entries: z.array(reliabilitySchema.extend({ score: z.number() })),
      offeringProviders: z.record(z.string(), z.string()),
    }),
  },
  'catalog:get-price-history': { request: z.object({ offeringId: id }).strict(), response: z.object({ prices: z.array(priceSchema) }) },
  'catalog:add-price': { request: priceInputSchema, response: z.object({ price: priceSchema }) },
  'catalog:create-offering': {
    request: z.object({ offering: offeringInputSchema.strict(), prices: z.array(newOfferingPriceSchema.strict()).default([]) }).strict(),
    response: z.object({ offering: offeringSchema }),
  },
  'catalog:update-offering': {
    request: z.object({ id, changes: offeringInputSchema.omit({ id: true }).partial().strict() }).strict(),
    response: z.object({ offering: offeringSchema }),
  },
  'catalog:delete-offering': { request: z.object({ id }).strict(), response: z.object({ deleted: z.boolean() }) },
} satisfies ChannelMap;

export const catalogEvents = {} satisfies EventMap;
