/** Display helpers for exact decimal strings (no float rounding on the way to the screen). */

export { amountText, groupThousands, money, toCents, totalsText } from '../../../shared/domain/money-format';
import { groupThousands } from '../../../shared/domain/money-format';

/** File sizes: `755 kB`, `1.4 MB` (decimal units), exact bytes below 10 kB. */
export function bytesText(bytes: number): string {
  if (bytes < 10_000) return `${groupThousands(String(bytes))} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(bytes < 100_000_000 ? 1 : 0)} MB`;
}

export function monthLabel(month: string): string {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}
