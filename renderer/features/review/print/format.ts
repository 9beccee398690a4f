/** Number formatting for the report (display only; the figures stay exact strings in the model). */
export function usd(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return `${n < 0 ? '−' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
export function num(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
}
export function range(r: { low: number; high: number } | null | undefined, unit: '$' | 'h' | '' = ''): string {
  if (!r) return '—';
  const f = (n: number) => (unit === '$' ? `$${n.toLocaleString('en-US')}` : `${n.toLocaleString('en-US')}${unit === 'h' ? ' h' : ''}`);
  return r.low === r.high ? f(r.low) : `${f(r.low)}–${f(r.high)}`;
}
