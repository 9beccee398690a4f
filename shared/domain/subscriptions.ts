/**
 * A subscription's allowance as catalog data (issue 25 item 5): what a monthly plan includes (Colab's compute units,
 * or included GPU-hours), what each of its offerings uses per hour, and the top-up packs that buy more, each figure
 * with its date and source. Kept in the catalog database (tables subscription_*, migration 0016) and seeded from
 * resources/catalog/subscriptions.json; the bundled rows here are the default for pure callers (tests, a catalog
 * without rows). The monthly fee itself stays the offering's `subscription` price.
 */
import { z } from 'zod';
import subscriptionsJson from '../../resources/catalog/subscriptions.json';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const decimal = z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'a price written with digits, such as 9.99');
const units = z.number().finite().positive().max(1e9);

export const SUBSCRIPTION_UNITS = ['compute-units', 'gpu-hours'] as const;
export type SubscriptionUnit = (typeof SUBSCRIPTION_UNITS)[number];

export const subscriptionRateSchema = z
  .object({
    offeringId: z.string().min(1).max(120),
    /** Units one GPU of the offering uses per hour (1 for a plan counted in GPU-hours). */
    unitsPerHour: units,
    asOf: day,
    source: z.string().min(1).max(2000),
    notes: z.string().max(4000).nullable(),
  })
  .strict();

export const subscriptionTopUpSchema = z
  .object({
    units,
    usd: decimal,
    asOf: day,
    source: z.string().min(1).max(2000),
    notes: z.string().max(4000).nullable(),
  })
  .strict();

export const subscriptionSchema = z
  .object({
    id: z.string().min(1).max(120),
    providerId: z.string().min(1).max(120),
    name: z.string().min(1).max(200),
    unit: z.enum(SUBSCRIPTION_UNITS),
    /** Units included each month (0: none, every unit is bought as a top-up). */
    unitsPerMonth: z.number().finite().nonnegative().max(1e9),
    asOf: day,
    source: z.string().min(1).max(2000),
    notes: z.string().max(4000).nullable(),
    rates: z.array(subscriptionRateSchema).min(1, 'at least one offering the plan covers'),
    /** Packs of extra units; none: the allowance is a hard limit. */
    topUps: z.array(subscriptionTopUpSchema),
  })
  .strict();
export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionRate = z.infer<typeof subscriptionRateSchema>;
export type SubscriptionTopUp = z.infer<typeof subscriptionTopUpSchema>;

export const subscriptionsFileSchema = z
  .object({ subscriptions: z.array(subscriptionSchema) })
  .strict()
  .refine(
    (f) => {
      const offerings = f.subscriptions.flatMap((s) => s.rates.map((r) => r.offeringId));
      return new Set(offerings).size === offerings.length;
    },
    { message: 'an offering belongs to one subscription at most' },
  );

/** The bundled rows, validated once. */
export const BUNDLED_SUBSCRIPTIONS: readonly Subscription[] = subscriptionsFileSchema.parse(subscriptionsJson).subscriptions;

/** The unit in short words: "CU", "GPU-hours". */
export function unitWord(unit: SubscriptionUnit): string {
  return unit === 'compute-units' ? 'CU' : 'GPU-hours';
}

/** The subscription an offering is booked under, and what it uses per hour there, or null. */
export function subscriptionOf(
  offeringId: string,
  subscriptions: readonly Subscription[] = BUNDLED_SUBSCRIPTIONS,
): { subscription: Subscription; rate: SubscriptionRate } | null {
  for (const subscription of subscriptions) {
    const rate = subscription.rates.find((r) => r.offeringId === offeringId);
    if (rate) return { subscription, rate };
  }
  return null;
}

/** GPU-hours a month one GPU of the offering gets from its plan's allowance ("100 CU ÷ 1.19 CU/h"), or null. */
export function allowanceHoursPerMonth(
  offeringId: string,
  subscriptions: readonly Subscription[] = BUNDLED_SUBSCRIPTIONS,
): { hours: number; basis: string } | null {
  const found = subscriptionOf(offeringId, subscriptions);
  if (!found || found.subscription.unitsPerMonth === 0) return null;
  const { subscription: s, rate } = found;
  const hours = s.unitsPerMonth / rate.unitsPerHour;
  const word = unitWord(s.unit);
  return {
    hours,
    basis:
      s.unit === 'gpu-hours' && rate.unitsPerHour === 1
        ? `${s.name}: ${s.unitsPerMonth} GPU-hours included a month (${s.source})`
        : `${s.name}: ${s.unitsPerMonth} ${word} a month ÷ ${rate.unitsPerHour} ${word}/h = ${Math.round(hours * 10) / 10} GPU-hours (catalog allowance, as of ${rate.asOf})`,
  };
}
