/** Readers of the text of a run file that say where it goes wrong: line and column of JSON and CSV. */
import { UserError } from '../errors';

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

/**
 * Where a JSON text first goes wrong (V8's messages do not always say): a small scanner over the grammar of RFC 8259,
 * returning the offset of the first character that cannot continue a valid document, or null when it is valid.
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const value = (): boolean => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return (i++, true);
      for (;;) {
        ws();
        if (text[i] !== '"' || !string()) return false;
        ws();
        if (text[i] !== ':') return false;
        i++;
        if (!value()) return false;
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return (i++, true);
        else return false;
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return (i++, true);
      for (;;) {
        if (!value()) return false;
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return (i++, true);
        else return false;
      }
    }
    if (ch === '"') return string();
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return ((i += word.length), true);
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0] !== '' && m[0] !== '-') return ((i += m[0].length), true);
    return false;
  };
  const string = (): boolean => {
    i++;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') return (i++, true);
      if (c === '\\') i += 2;
      else if (c < ' ') return false;
      else i++;
    }
    return false;
  };
  if (text.startsWith('\uFEFF')) i = 1;
  if (!value()) return Math.min(i, text.length);
  ws();
  return i < text.length ? i : null;
}

/** RFC 4180 records with the line each starts on (quoted fields may hold commas, quotes and line breaks). */
export function readCsvRecords(file: string, text: string): Array<{ line: number; cells: string[] }> {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 0;
  let quoteColumn = 0;
  let column = 0;
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    column++;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
          column++;
        } else quoted = false;
      } else {
        if (ch === '\n') {
          line++;
          column = 0;
        }
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      quoteColumn = column;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' && src[i + 1] === '\n') {
      continue;
    } else if (ch === '\n') {
      endRecord();
      line++;
      column = 0;
      start = line;
    } else cell += ch;
  }
  if (quoted)
    throw new UserError('RUN_FILE_INVALID', 'has a quoted field that never ends', {
      file,
      line: quoteLine,
      column: quoteColumn,
      expected: 'a closing "',
    });
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
