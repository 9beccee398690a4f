/**
 * The exchange rates the app ships (resources/fx/ecb-monthly-rates.json, built from the ECB's euro reference rates by
 * scripts/build-fx-rates.mjs): the file's shape and its rows as `EUR → currency` rates, each naming its source and date.
 */
import { z } from 'zod';
import type { ExchangeRate } from './types';

const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal such as 1.1684');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const bundledRatesFileSchema = z.object({
  base: z.literal('EUR'),
  source: z.string().min(1),
  publisher: z.string().min(1),
  rule: z.string().min(1),
  newest: day,
  currencies: z.array(z.string().regex(/^[A-Z]{3}$/)),
  months: z.array(z.object({ asOf: day, rates: z.record(z.string().regex(/^[A-Z]{3}$/), decimal) })),
});
export type BundledRatesFile = z.output<typeof bundledRatesFileSchema>;

/** The file's rates as rows of the exchange-rate table: 1 EUR = rate X, source "ECB euro reference rate, <date>". */
export function bundledRateRows(file: BundledRatesFile): Array<Omit<ExchangeRate, 'id' | 'origin'>> {
  return file.months.flatMap((m) =>
    Object.entries(m.rates).map(([to, rate]) => ({ from: file.base, to, rate, asOf: m.asOf, source: `${file.source}, ${m.asOf}` })),
  );
}
