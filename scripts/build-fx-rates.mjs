#!/usr/bin/env node
/**
 * Builds resources/fx/ecb-monthly-rates.json, the exchange rates the app ships, from the ECB's daily euro reference
 * rates (../shared/fx/eurofxref-hist.csv): for each month from 2010-01, the rates of the month's last business day
 * (the newest day in the file for its last month), for the currencies listed below. Each value is units of the
 * currency one euro bought that day, kept as the ECB's decimal string. Re-run when the source file is updated:
 *   node scripts/build-fx-rates.mjs [path/to/eurofxref-hist.csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const input = process.argv[2] ?? path.join(here, '..', '..', 'shared', 'fx', 'eurofxref-hist.csv');
const output = path.join(here, '..', 'resources', 'fx', 'ecb-monthly-rates.json');
const CURRENCIES = [
  'USD',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'INR',
  'CNY',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'BRL',
  'KRW',
  'SGD',
  'CZK',
  'HUF',
  'NZD',
  'HKD',
  'MXN',
  'ZAR',
];
const FIRST_MONTH = '2010-01';

const [header, ...rows] = readFileSync(input, 'utf8').trim().split(/\r?\n/);
const columns = header.split(',');
const index = Object.fromEntries(CURRENCIES.map((c) => [c, columns.indexOf(c)]));
for (const [c, i] of Object.entries(index)) if (i < 0) throw new Error(`${input}: no column ${c}`);

/** month → its last business day's row (the file is newest first, so the first row seen per month is its last day). */
const lastDay = new Map();
for (const row of rows) {
  const cells = row.split(',');
  const day = cells[0];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`${input}: bad date "${day}"`);
  const month = day.slice(0, 7);
  if (month < FIRST_MONTH || lastDay.has(month)) continue;
  const rates = {};
  for (const c of CURRENCIES) {
    const v = cells[index[c]];
    if (v && v !== 'N/A') {
      if (!/^\d+(\.\d+)?$/.test(v)) throw new Error(`${input}: ${day} ${c}: bad rate "${v}"`);
      rates[c] = v;
    }
  }
  lastDay.set(month, { asOf: day, rates });
}
const months = [...lastDay.values()].sort((a, b) => (a.asOf < b.asOf ? -1 : 1));
const doc = {
  base: 'EUR',
  source: 'ECB euro reference rate',
  publisher: 'European Central Bank, "Euro foreign exchange reference rates" (eurofxref-hist)',
  rule: "One row per month: the rates of the month's last business day (for the newest month, its newest day). Each value is units of the currency one euro bought that day.",
  newest: months.at(-1).asOf,
  currencies: CURRENCIES,
  months,
};
writeFileSync(output, JSON.stringify(doc, null, 0).replace(/\},\{"asOf"/g, '},\n{"asOf"') + '\n');
console.log(`${output}: ${months.length} months, ${months[0].asOf} to ${doc.newest}, ${CURRENCIES.length} currencies`);
