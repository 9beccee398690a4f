/**
 * CSV writing per RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF (quotes doubled),
 * UTF-8, and optionally a byte-order mark so that Excel opens UTF-8 correctly. Every CSV export uses this.
 */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet would run as a formula (OWASP CSV injection): = + - @ tab CR first, after any quote marks — and
 * their full-width forms (＝ U+FF1D, ＋ U+FF0B, － U+FF0D, ＠ U+FF20) and small forms (﹦ U+FE66, ﹢ U+FE62, ﹣ U+FE63,
 * ﹫ U+FE6B): spreadsheets in East Asian locales take a full-width ＝ as =, and both forms fold to ASCII under NFKC.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;
/** A number written as text (an exact amount "-12.5"): stays a number. */
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A text cell Excel or LibreOffice would open as a live formula (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3`) gets a leading
 * `'` as OWASP recommends; numbers, and numbers written as text, stay as they are. One more `'` before text that
 * already starts with quotes and a formula character keeps it reversible ({@link unneutraliseCsvCell}).
 */
export function neutraliseCsvCell(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_TEXT.test(text) ? `'${text}` : text;
}

/** The text a neutralised cell stood for (for the app's own CSV imports). */
export function unneutraliseCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) && !NUMBER_TEXT.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : neutraliseCsvCell(String(value));
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>, options: { bom?: boolean } = {}): string {
  const lines = [header.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))];
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
