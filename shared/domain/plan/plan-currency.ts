/**
 * A plan's money in the project's currency (issue 25 item 1). The catalog's prices (GPU, storage, transfer) are in US
 * dollars; a booking is converted at its week's rate: the newest rate on or before the week's Monday (currency.ts).
 * A week without a rate is never counted at 1.0: its costs are left out and the plan raises a problem naming the pair
 * and the date.
 */
import Big from 'big.js';
import { describeRate, findRate, rateAgeDays, rateFactor, STALE_RATE_DAYS, type RateUsed } from '../budget/currency';
import type { ExchangeRate } from '../budget/types';
import { weekStart } from './weeks';
import { money } from '../money-format';

/** The currency of the catalog's prices. */
export const CATALOG_CURRENCY = 'USD';

export const CONVERSION_RULE =
  "Catalog prices are in USD; each week's costs are converted into the project's currency at the newest rate on or before the week's Monday (your own rates first, else the bundled ECB reference rates, through the euro where needed).";

export interface WeekRate {
  /** The day the week's rate is looked up for (its Monday). */
  day: string;
  /** 1 USD in the project's currency, exact. */
  factor: string;
  /** "1 USD = 0.8562 EUR (ECB euro reference rate, 2026-04-13; 45 days older than 2026-05-25)". */
  text: string;
  /** The same rate without its age: "1 USD = 0.8562 EUR (ECB euro reference rate, 2026-04-13)". */
  rate: string;
  /** The rate is more than STALE_RATE_DAYS older than the day. */
  stale: boolean;
}

export interface PlanConversion {
  from: string;
  to: string;
  rule: string;
  /** The rate of every week that has one. */
  weeks: Record<string, WeekRate>;
  /** Weeks with costs but no rate: their costs are not counted. */
  missing: Array<{ week: string; day: string }>;
}

export interface PlanConverter {
  /** The factor that turns a USD amount of `week` into the project's currency, or null when no rate covers it. */
  factor(week: string): Big | null;
  /** Marks a week with costs that could not be converted. */
  miss(week: string): void;
  /** What was used, or null when the project is in the catalog's currency. */
  summary(): PlanConversion | null;
}

export function planConverter(to: string, rates: readonly ExchangeRate[]): PlanConverter {
  const ONE = new Big(1);
  if (to === CATALOG_CURRENCY) return { factor: () => ONE, miss: () => undefined, summary: () => null };
  const byWeek = new Map<string, { factor: Big; rate: RateUsed } | null>();
  const missing = new Set<string>();
  const look = (week: string) => {
    if (!byWeek.has(week)) {
      const rate = findRate(rates, CATALOG_CURRENCY, to, weekStart(week));
      byWeek.set(week, rate ? { rate, factor: rateFactor(rate) } : null);
    }
    return byWeek.get(week)!;
  };
  return {
    factor: (week) => look(week)?.factor ?? null,
    miss: (week) => void missing.add(week),
    summary() {
      const weeks: Record<string, WeekRate> = {};
      for (const [week, found] of [...byWeek].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (!found) continue;
        const day = weekStart(week);
        weeks[week] = {
          day,
          factor: found.factor.toString(),
          text: describeRate(CATALOG_CURRENCY, to, found.rate, day),
          rate: describeRate(CATALOG_CURRENCY, to, found.rate),
          stale: rateAgeDays(found.rate, day) > STALE_RATE_DAYS,
        };
      }
      return {
        from: CATALOG_CURRENCY,
        to,
        rule: CONVERSION_RULE,
        weeks,
        missing: [...missing].sort().map((week) => ({ week, day: weekStart(week) })),
      };
    },
  };
}

/** The rates a plan used in words, weeks with the same rate grouped: "2025-W49 to 2025-W52: 1 USD = 0.86 EUR (…)". */
export function conversionLines(conversion: PlanConversion | null): string[] {
  if (!conversion) return [];
  const lines: string[] = [];
  let run: { first: string; last: string; text: string } | null = null;
  const flush = () => run && lines.push(`${run.first === run.last ? run.first : `${run.first} to ${run.last}`}: ${run.text}`);
  for (const [week, w] of Object.entries(conversion.weeks)) {
    const text = w.rate;
    if (run && run.text === text) run.last = week;
    else {
      flush();
      run = { first: week, last: week, text };
    }
  }
  flush();
  for (const m of conversion.missing)
    lines.push(`${m.week}: no ${conversion.from}→${conversion.to} rate on or before ${m.day} (not counted)`);
  return lines;
}

/** One sentence for a figure's hover text: the rule and the rates used ("" for a project in USD). */
export function conversionText(conversion: PlanConversion | null): string {
  if (!conversion) return '';
  return ` ${conversion.rule} ${conversionLines(conversion).join('; ')}.`;
}

/**
 * The factor that turns a USD figure dated in `week` (an estimate of a phase starting that week) into the project's
 * currency: the week's rate, else the nearest week's the plan has a rate for. 1 for a project in USD; null without any.
 */
export function factorAt(conversion: PlanConversion | null, week: string): Big | null {
  if (!conversion) return new Big(1);
  const rate = referenceRate(conversion, week);
  return rate ? new Big(rate.factor) : null;
}

/** The rate used for figures without a week of their own (the catalog's price list, the authors' figures). */
export interface ReferenceRate {
  /** 1 USD in the project's currency, exact. */
  factor: string;
  /** "1 USD = 0.8562 EUR (ECB euro reference rate, 2025-12-05), the rate of 2025-W50". */
  text: string;
}

/** The rate of `week` (else the nearest earlier or first week the plan has one for), or null for a project in USD. */
export function referenceRate(conversion: PlanConversion | null, week: string): ReferenceRate | null {
  if (!conversion) return null;
  const weeks = Object.keys(conversion.weeks).sort();
  const chosen = weeks.filter((w) => w <= week).at(-1) ?? weeks[0];
  if (!chosen) return null;
  const w = conversion.weeks[chosen]!;
  return { factor: w.factor, text: `${w.rate}, the rate of ${chosen}` };
}

/** One catalog amount (USD) in the project's currency, at `factor`, keeping its precision (at least cents). */
export function catalogAmountIn(usdAmount: string, factor: Big | string, currency: string): string {
  const decimals = Math.max(2, usdAmount.split('.')[1]?.length ?? 0);
  return money(currency, groupless(new Big(usdAmount).times(factor).round(decimals, Big.roundHalfUp).toFixed(decimals)));
}

const groupless = (s: string) => s.replace(/,/g, '');

/**
 * Text the app wrote with the catalog's US-dollar amounts in it ("$0.275/h on-demand"), for a project in another
 * currency: each amount converted, the dollars kept beside it ("€0.2355/h ($0.275) on-demand"). Unchanged in USD;
 * without a rate the amounts are labelled "USD" so they are never read as the project's currency.
 */
export function catalogUsdIn(text: string, factor: Big | string | null, currency: string): string {
  if (currency === CATALOG_CURRENCY) return text;
  return text.replace(/\$(\d[\d,]*(?:\.\d+)?)((?:\/[A-Za-z-]+)?)/g, (_, amount: string, per: string) =>
    factor === null ? `USD ${amount}${per}` : `${catalogAmountIn(groupless(amount), factor, currency)}${per} ($${amount}${per})`,
  );
}
