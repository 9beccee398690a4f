/**
 * CSV writing per RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF (quotes doubled),
 * UTF-8, and optionally a byte-order mark so that Excel opens UTF-8 correctly. Every CSV export uses this.
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>, options: { bom?: boolean } = {}): string {
  const lines = [header.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))];
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
