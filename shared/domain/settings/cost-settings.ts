/**
 * The one set of assumptions about owned hardware and subscriptions that every cost figure rests on: the estimator's
 * purchase row, the catalog's $/GPU-hour, the buy-or-rent calculator, the plan's figures and the report. Editable in
 * Settings (persisted by main); the defaults are seed 003's figures ($0.12/kWh) and a 3-year, 2,000 h/year machine.
 */
import { z } from 'zod';

export const costSettingsSchema = z
  .object({
    /** Electricity price, USD per kWh (seed 003: $0.12). */
    electricityUsdPerKwh: z.number().min(0).max(10),
    /** Years a bought machine is used before it is replaced (written off over). */
    purchaseLifetimeYears: z.number().min(0.5).max(20),
    /** Hours a year a bought machine actually trains (2,000 h ≈ 8 h on each working day). */
    purchaseHoursPerYear: z.number().min(1).max(8760),
    /** Host power beside the GPUs when an offering gives no whole-box figure, watts. */
    hostWatts: z.number().min(0).max(10000),
    /**
     * Usable GPU-hours a month of a subscription the catalog gives no allowance for (a subscription offering you add
     * yourself). The catalog's own allowance (resources/catalog/subscriptions.json: Colab Pro 100 CU, Pro+ 600 CU a
     * month and what each GPU uses per hour) is the truth where it exists; this is only the fallback for comparing $/GPU-hour.
     */
    subscriptionHoursPerMonth: z.number().min(1).max(744),
    /** Age after which a catalog price is marked stale, months (issue 19 item 13). */
    stalePriceMonths: z.number().int().min(1).max(120),
  })
  .strict();
export type CostSettings = z.infer<typeof costSettingsSchema>;

export const DEFAULT_COST_SETTINGS: Readonly<CostSettings> = Object.freeze({
  electricityUsdPerKwh: 0.12,
  purchaseLifetimeYears: 3,
  purchaseHoursPerYear: 2000,
  hostWatts: 150,
  subscriptionHoursPerMonth: 100,
  stalePriceMonths: 12,
});

export const COST_SETTING_LABELS: Record<keyof CostSettings, { label: string; unit: string }> = {
  electricityUsdPerKwh: { label: 'Electricity price', unit: 'USD per kWh' },
  purchaseLifetimeYears: { label: 'Lifetime of a bought machine', unit: 'years' },
  purchaseHoursPerYear: { label: 'Training hours a year on a bought machine', unit: 'h/year' },
  hostWatts: { label: 'Host power beside the GPUs (when the offering gives none)', unit: 'W' },
  subscriptionHoursPerMonth: { label: 'Usable GPU-hours a month of a subscription without a catalog allowance', unit: 'h/month' },
  stalePriceMonths: { label: 'Age after which a price is marked stale', unit: 'months' },
};

/** Partial update merged over the current settings; unknown keys and out-of-range values are refused by the schema. */
export const costSettingsUpdateSchema = costSettingsSchema.partial().strict();
export type CostSettingsUpdate = z.infer<typeof costSettingsUpdateSchema>;

/** Hours of use a bought machine is written off over. */
export function purchaseLifetimeHours(s: Pick<CostSettings, 'purchaseLifetimeYears' | 'purchaseHoursPerYear'>): number {
  return s.purchaseLifetimeYears * s.purchaseHoursPerYear;
}

/** The assumption in words, shown wherever a figure rests on it: "at $0.12/kWh, 3 y × 2,000 h/y". */
export function describeCostSettings(s: CostSettings): string {
  return `at $${s.electricityUsdPerKwh}/kWh, ${s.purchaseLifetimeYears} y × ${s.purchaseHoursPerYear.toLocaleString('en-US')} h/y`;
}
