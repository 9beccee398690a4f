/**
 * zod schemas of the bundled catalog files in resources/catalog/: gpus.json, providers.json, offerings.json and
 * discrepancies.json. Stricter than the IPC schemas: kebab-case ids, real calendar dates, a non-empty source on every
 * figure, ranges that hold their midpoint. Pure (zod only): usable by tests, the seed loader and the CLI.
 */
import { z } from 'zod';
import { PRECISIONS, PRICE_KINDS, PRICE_UNITS, PROVIDER_KINDS, type Precision } from './catalog';

export const catalogIdSchema = z.string().regex(/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/, 'a stable kebab-case id');

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'a real calendar date');

const positive = z.number().finite().positive();
const tflops = positive.nullable();

/** A GPU's links (gpus.json `interconnect`): PCIe generation, peer-to-peer, NVLink in its usual multi-GPU box. */
export const gpuInterconnectSchema = z
  .object({
    pcieGeneration: z.number().int().min(1).max(7),
    pcieLanes: z.number().int().positive().max(32).optional(),
    p2p: z.boolean(),
    nvlink: z
      .object({
        generation: z.number().int().min(1).max(9),
        gbsPerDirection: positive,
        nvswitch: z.boolean(),
        bridgeGpus: z.number().int().min(2).optional(),
      })
      .strict()
      .nullable(),
  })
  .strict();

/** An offering's links (offerings.json `interconnect`): what its machine has between GPUs and to other machines. */
export const offeringInterconnectSchema = z
  .object({
    kind: z.enum(['nvswitch', 'nvlink', 'nvlink-bridge', 'pcie']),
    nvlinkGeneration: z.number().int().min(1).max(9).optional(),
    gbsPerDirection: positive.optional(),
    pcieGeneration: z.number().int().min(1).max(7).optional(),
    p2p: z.boolean().optional(),
    network: z
      .object({ kind: z.enum(['efa', 'infiniband', 'ethernet']), gbps: positive })
      .strict()
      .nullable()
      .optional(),
    source: z.string().min(1).optional(),
  })
  .strict();

export const gpuFileEntrySchema = z
  .object({
    id: catalogIdSchema,
    name: z.string().min(1),
    vendor: z.string().min(1),
    architecture: z.string().min(1).nullable(),
    memoryGiB: positive,
    memoryBandwidthGBs: positive,
    tflops: z.object(Object.fromEntries(PRECISIONS.map((p) => [p, tflops])) as Record<Precision, typeof tflops>).strict(),
    tdpWatts: positive.nullable(),
    interconnectGBs: positive.nullable(),
    interconnect: gpuInterconnectSchema.nullable().optional(),
    source: z.string().min(10, 'a datasheet URL or document'),
    notes: z.string().min(1).nullable(),
  })
  .strict();

/** A provider's run limits (providers.json `limits`): session length, job timeout, spot eviction notice — with source. */
export const providerLimitsSchema = z
  .object({
    sessionHours: positive.nullable(),
    jobTimeoutDefaultHours: positive.nullable(),
    spotEvictionNoticeSeconds: positive.nullable(),
    source: z.string().min(10, 'the document or URL the limits come from'),
    notes: z.string().min(1).nullable(),
  })
  .strict();

/** An offering's host (offerings.json `host`): local disk in GB (null = none or not stated), where vCPUs/RAM/disk come from. */
export const offeringHostSchema = z
  .object({ localDiskGB: positive.nullable(), source: z.string().min(10, 'the document or URL the host figures come from') })
  .strict();

export const providerFileEntrySchema = z
  .object({
    id: catalogIdSchema,
    name: z.string().min(1),
    kind: z.enum(PROVIDER_KINDS),
    website: z.string().url().nullable(),
    limits: providerLimitsSchema.optional(),
  })
  .strict();

export const priceFileEntrySchema = z
  .object({
    kind: z.enum(PRICE_KINDS),
    usd: z.number().finite().nonnegative(),
    per: z.enum(PRICE_UNITS),
    usdLow: z.number().finite().nonnegative().nullable(),
    usdHigh: z.number().finite().nonnegative().nullable(),
    asOf: isoDateSchema,
    source: z.string().trim().min(1, 'the document the figure comes from'),
    notes: z.string().min(1).nullable(),
  })
  .strict()
  .refine((p) => (p.usdLow === null) === (p.usdHigh === null), { message: 'a range has both ends or neither', path: ['usdHigh'] })
  .refine((p) => p.usdLow === null || p.usdLow <= p.usd, { message: 'the low end must not exceed the price', path: ['usdLow'] })
  .refine((p) => p.usdHigh === null || p.usdHigh >= p.usd, { message: 'the high end must not be below the price', path: ['usdHigh'] })
  .refine((p) => (p.kind === 'purchase') === (p.per === 'once'), { message: 'a purchase is paid once, and only a purchase', path: ['per'] })
  .refine((p) => p.kind !== 'subscription' || p.per === 'month', { message: 'a subscription is per month', path: ['per'] });

export const offeringFileEntrySchema = z
  .object({
    id: catalogIdSchema,
    providerId: catalogIdSchema,
    sku: z.string().min(1),
    gpuId: catalogIdSchema,
    gpuCount: z.number().int().min(1),
    vcpus: z.number().int().positive().nullable(),
    ramGiB: positive.nullable(),
    region: z.string().min(1).nullable(),
    notes: z.string().min(1).nullable(),
    powerWatts: positive.nullable(),
    interconnect: offeringInterconnectSchema.nullable().optional(),
    host: offeringHostSchema.optional(),
    prices: z.array(priceFileEntrySchema).min(1, 'at least one dated price'),
  })
  .strict();

export const discrepancyFileEntrySchema = z
  .object({
    id: catalogIdSchema,
    subject: z.string().min(1),
    claim: z.string().min(1),
    document: z.string().min(1),
    primaryValue: z.string().min(1),
    primarySource: z.string().min(1),
    note: z.string().min(1).nullable(),
  })
  .strict();

export const gpusFileSchema = z.object({ gpus: z.array(gpuFileEntrySchema) }).strict();
export const providersFileSchema = z.object({ providers: z.array(providerFileEntrySchema) }).strict();
export const offeringsFileSchema = z.object({ offerings: z.array(offeringFileEntrySchema) }).strict();
export const discrepanciesFileSchema = z.object({ discrepancies: z.array(discrepancyFileEntrySchema) }).strict();

export type GpuFileEntry = z.infer<typeof gpuFileEntrySchema>;
export type OfferingFileEntry = z.infer<typeof offeringFileEntrySchema>;
export type PriceFileEntry = z.infer<typeof priceFileEntrySchema>;
export type DiscrepancyFileEntry = z.infer<typeof discrepancyFileEntrySchema>;

/** Cross-file checks the schemas cannot express: unique ids and every reference resolving. Returns messages (empty = valid). */
export function checkCatalogReferences(files: {
  gpus: ReadonlyArray<{ id: string }>;
  providers: ReadonlyArray<{ id: string }>;
  offerings: ReadonlyArray<{ id: string; providerId: string; gpuId: string }>;
  discrepancies?: ReadonlyArray<{ id: string }>;
}): string[] {
  const problems: string[] = [];
  const duplicates = (kind: string, ids: readonly string[]) => {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) problems.push(`duplicate ${kind} id ${id}`);
      seen.add(id);
    }
    return seen;
  };
  const gpuIds = duplicates(
    'gpu',
    files.gpus.map((g) => g.id),
  );
  const providerIds = duplicates(
    'provider',
    files.providers.map((p) => p.id),
  );
  duplicates(
    'offering',
    files.offerings.map((o) => o.id),
  );
  duplicates(
    'discrepancy',
    (files.discrepancies ?? []).map((d) => d.id),
  );
  for (const o of files.offerings) {
    if (!gpuIds.has(o.gpuId)) problems.push(`offering ${o.id}: unknown gpuId ${o.gpuId}`);
    if (!providerIds.has(o.providerId)) problems.push(`offering ${o.id}: unknown providerId ${o.providerId}`);
    if (!o.id.startsWith(`${o.providerId}-`) && !(o.providerId === 'google-colab' && o.id.startsWith('colab-')))
      problems.push(`offering ${o.id}: id does not start with its provider (${o.providerId}-)`);
  }
  return problems;
}
