/** Storage and data-transfer prices in the catalog (issue 19 item 15): list them, and enter a newer price for one. */
import { z } from 'zod';
import { dataRateSchema, transferTierSchema } from '../../domain/data-costs/rate-schema';
import { plausibleDay } from '../../domain/field-bounds';
import type { ChannelMap, EventMap } from '../channel';

export const storedDataRateSchema = dataRateSchema.extend({
  /** The price was entered in the app (not the bundled row). */
  edited: z.boolean(),
});
export type StoredDataRateView = z.output<typeof storedDataRateSchema>;

const priceText = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a price of 0 or more written with digits, such as 0.023');

export const dataRateChangeSchema = z
  .object({
    id: z.string().min(1).max(120),
    /** Storage rows: the price per GB-month or per disk-month. Transfer rows: null. */
    usd: priceText.nullable(),
    /** Transfer rows: the monthly tiers. Storage rows: null. */
    tiers: z.array(transferTierSchema).min(1).max(20).nullable(),
    region: z.string().trim().max(200),
    asOf: plausibleDay,
    source: z.string().trim().min(1, 'where the price was read (the price page address)').max(2000),
    notes: z.string().max(4000).default(''),
  })
  .strict();

export const catalogDataRateChannels = {
  'catalog:list-data-rates': {
    request: z.object({}).strict(),
    response: z.object({ rates: z.array(storedDataRateSchema) }),
  },
  'catalog:update-data-rate': {
    request: dataRateChangeSchema,
    response: z.object({ rate: storedDataRateSchema }),
  },
} satisfies ChannelMap;

export const catalogDataRateEvents = {} satisfies EventMap;
