/** The report's number formatting: money exact to the cent, hours to two decimals, inclusive day counts. */
import Big from 'big.js';

export const money = (v: Big | string | number) => new Big(v).toFixed(2);
export const sum = (values: Array<string | number>) => values.reduce<Big>((s, v) => s.plus(v), new Big(0));
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
