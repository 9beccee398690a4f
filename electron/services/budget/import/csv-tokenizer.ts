/**
 * Streaming RFC 4180 tokenizer for billing files: text chunks in, whole records out, each with the line it starts on.
 * Pure (no Node built-ins). It reads what csv-parse reads with the reader's options (`relax_quotes`,
 * `relax_column_count`, `skip_empty_lines`, `bom`, record delimiters CRLF, LF and CR) and yields the same records
 * (property-tested against csv-parse), at a fraction of its cost: large billing files spend most of their import time
 * splitting fields otherwise.
 *
 * - A field is quoted only when its first character is `"`; `""` inside it is one quote; delimiters and line breaks
 *   inside it are text. A quote anywhere else is text (`a"b`).
 * - A closing quote followed by anything but a delimiter or a line break (`"ab"c`) turns the field into text, as
 *   csv-parse's `relax_quotes` does: `"` + the unescaped content + `"` + the rest up to the next delimiter or line break.
 * - CRLF, LF and CR each end a record (and count as one line); empty lines are skipped but counted.
 * - `quote: false` (Hive `\x01` files) makes every character text.
 * - A byte-order mark at the very start is dropped. A quote still open at the end of the input is an error
 *   ({@link CsvSyntaxError}, naming the line the record starts on).
 *
 * Memory: only the record being read is kept between chunks (its finished fields and the current field's text).
 */

export interface CsvTokenizerOptions {
  /** One character: `,` `;` tab `|` or `\x01`. */
  delimiter: string;
  /** `true`: `"` quotes fields (RFC 4180); `false`: no quoting at all (Hive `\x01` exports). */
  quote: boolean;
}

/** The records completed by one `push` (or `end`), with the 1-based line each starts on. */
export interface CsvRecords {
  records: string[][];
  lines: number[];
}

export class CsvSyntaxError extends Error {
  /** Same code as csv-parse's for the same fault, so callers treat both alike. */
  readonly code = 'CSV_QUOTE_NOT_CLOSED';
  constructor(
    message: string,
    readonly lines: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 34; // "
const CR = 13;
const LF = 10;
const BOM = 0xfeff;

const enum State {
  /** At the start of a field (of a record when `fields` is empty). */
  FieldStart,
  /** Inside an unquoted field whose text so far is `partial`. */
  Unquoted,
  /** Inside a quoted field whose content so far (doubled quotes made single) is `partial`. */
  Quoted,
  /** Inside a quoted field, right after a quote that was the last character of a chunk: closing or doubled? */
  QuoteInQuoted,
}

/** Line breaks in a quoted field's content: CRLF, LF and CR count one each. */
export function countLineBreaks(text: string): number {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (lf < 0 && cr < 0) return 0;
  let count = 0;
  for (let i = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr); i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF) count += 1;
    else if (c === CR && text.charCodeAt(i + 1) !== LF) count += 1;
  }
  return count;
}

export class CsvTokenizer {
  private readonly delimiter: number;
  private readonly delimiterText: string;
  private readonly quote: boolean;
  private state = State.FieldStart;
  /** The record being read: made as long as the previous one (no regrowth per field), `count` fields set so far. */
  private fields: string[] = [];
  private count = 0;
  private partial = '';
  /** Line the current record starts on; `line` is the line being read. */
  private recordLine = 1;
  private line = 1;
  /** The previous chunk ended with a CR that ended a record (or an empty line): a LF starting this chunk belongs to it. */
  private afterCr = false;
  private started = false;
  private ended = false;

  constructor(options: CsvTokenizerOptions) {
    if (options.delimiter.length !== 1) throw new Error(`The delimiter must be one character, not ${JSON.stringify(options.delimiter)}.`);
    const d = options.delimiter.charCodeAt(0);
    if (d === CR || d === LF || (options.quote && d === QUOTE))
      throw new Error(`${JSON.stringify(options.delimiter)} cannot be the delimiter.`);
    this.delimiter = d;
    this.delimiterText = options.delimiter;
    this.quote = options.quote;
  }

  /** The line the text pushed next starts on (1-based). */
  get currentLine(): number {
    return this.line + (this.partial ? countLineBreaks(this.partial) : 0);
  }

  /** Reads a chunk of text; returns the records it completes (a record cut by the chunk's end comes with a later push). */
  push(text: string): CsvRecords {
    if (this.ended) throw new Error('push() after end()');
    const out: CsvRecords = { records: [], lines: [] };
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === BOM) i = 1;
    }
    if (this.afterCr && text.length > 0) {
      this.afterCr = false;
      if (text.charCodeAt(i) === LF) i += 1;
    }
    this.scan(text, i, out);
    return out;
  }

  /** The end of the input: the last record (without a final line break); throws CsvSyntaxError on an open quote. */
  end(): CsvRecords {
    const out: CsvRecords = { records: [], lines: [] };
    if (this.ended) return out;
    this.ended = true;
    switch (this.state) {
      case State.FieldStart:
        // "a," at the very end: a last, empty field.
        if (this.count > 0) this.addField('');
        break;
      case State.Unquoted:
        this.addField(this.partial);
        break;
      case State.QuoteInQuoted:
        // The chunk's last quote closed the field.
        this.line += countLineBreaks(this.partial);
        this.addField(this.partial);
        break;
      case State.Quoted:
        throw new CsvSyntaxError(
          `Quote not closed: the field opened at line ${this.recordLine} runs to the end of the file.`,
          this.recordLine,
        );
    }
    this.partial = '';
    if (this.count > 0) this.endRecord(out);
    this.state = State.FieldStart;
    return out;
  }

  private addField(value: string): void {
    const fields = this.fields;
    if (this.count < fields.length) fields[this.count] = value;
    else fields.push(value);
    this.count += 1;
  }

  private endRecord(out: CsvRecords): void {
    const fields = this.fields;
    const count = this.count;
    if (count < fields.length) fields.length = count;
    out.records.push(fields);
    out.lines.push(this.recordLine);
    this.fields = new Array<string>(count);
    this.count = 0;
    this.recordLine = this.line;
  }

  private scan(s: string, start: number, out: CsvRecords): void {
    const n = s.length;
    const delimiter = this.delimiter;
    const delimiterText = this.delimiterText;
    const quote = this.quote;
    let i = start;
    let state = this.state;
    // Next delimiter, LF and CR at or after i (n: none), found with indexOf and kept until passed: faster than
    // testing every character, each is searched once per chunk however long the stretch without one, and a quoted
    // field before the next line break holds none (its line breaks need no counting).
    let nextDelimiter = -1;
    let nextLf = -1;
    let nextCr = -1;
    while (i < n) {
      if (state === State.FieldStart) {
        const c = s.charCodeAt(i);
        if (this.count === 0 && (c === CR || c === LF)) {
          // An empty line: skipped, counted.
          this.line += 1;
          i += 1;
          if (c === CR) {
            if (i < n) {
              if (s.charCodeAt(i) === LF) i += 1;
            } else this.afterCr = true;
          }
          this.recordLine = this.line;
          continue;
        }
        if (quote && c === QUOTE) {
          state = State.Quoted;
          this.partial = '';
          i += 1;
          continue;
        }
        state = State.Unquoted;
        this.partial = '';
      }

      if (nextLf < i) {
        nextLf = s.indexOf('\n', i);
        if (nextLf < 0) nextLf = n;
      }
      if (nextCr < i) {
        nextCr = s.indexOf('\r', i);
        if (nextCr < 0) nextCr = n;
      }
      const lineBreak = nextLf < nextCr ? nextLf : nextCr;

      if (state === State.Unquoted) {
        if (nextDelimiter < i) {
          nextDelimiter = s.indexOf(delimiterText, i);
          if (nextDelimiter < 0) nextDelimiter = n;
        }
        const j = nextDelimiter < lineBreak ? nextDelimiter : lineBreak;
        if (j === n) {
          this.partial += s.slice(i, n);
          i = n;
          break;
        }
        const partial = this.partial;
        this.addField(partial.length === 0 ? s.slice(i, j) : partial + s.slice(i, j));
        this.partial = '';
        state = State.FieldStart;
        if (j === nextDelimiter) i = j + 1;
        else {
          i = this.endOfLine(s, j + 1, s.charCodeAt(j));
          this.endRecord(out);
        }
        continue;
      }

      if (state === State.QuoteInQuoted) {
        // The previous chunk ended on a quote inside a quoted field: doubled, or the closing one.
        if (s.charCodeAt(i) === QUOTE) {
          this.partial += '"';
          i += 1;
          state = State.Quoted;
          continue;
        }
        i = this.closeQuoted(s, i, out, this.partial, true);
        state = this.state;
        continue;
      }

      // State.Quoted: the content (kept unescaped in `value`) runs to the next quote that is not doubled.
      const carried = this.partial;
      let value = carried;
      let from = i;
      let q = s.indexOf('"', from);
      while (q >= 0 && q < n - 1 && s.charCodeAt(q + 1) === QUOTE) {
        value += s.slice(from, q + 1);
        from = q + 2;
        q = s.indexOf('"', from);
      }
      if (q < 0) {
        this.partial = value + s.slice(from, n);
        i = n;
        break;
      }
      if (q === n - 1) {
        this.partial = value + s.slice(from, q);
        state = State.QuoteInQuoted;
        i = n;
        break;
      }
      // Line breaks inside only if one comes before the closing quote (or in the part from earlier chunks).
      const mayHoldBreaks = carried.length > 0 || lineBreak < q;
      value = value.length === 0 ? s.slice(from, q) : value + s.slice(from, q);
      this.state = state;
      i = this.closeQuoted(s, q + 1, out, value, mayHoldBreaks);
      state = this.state;
    }
    this.state = state;
  }

  /** After a closing quote at `i - 1` with the field's (unescaped) content: a delimiter, a line break, or relaxed text. */
  private closeQuoted(s: string, i: number, out: CsvRecords, value: string, mayHoldBreaks: boolean): number {
    if (mayHoldBreaks) this.line += countLineBreaks(value);
    const c = s.charCodeAt(i);
    if (c === this.delimiter) {
      this.addField(value);
      this.partial = '';
      this.state = State.FieldStart;
      return i + 1;
    }
    if (c === LF || c === CR) {
      this.addField(value);
      this.partial = '';
      this.state = State.FieldStart;
      const next = this.endOfLine(s, i + 1, c);
      this.endRecord(out);
      return next;
    }
    // `"ab"c`: the whole field is text (csv-parse relax_quotes).
    this.partial = `"${value}"`;
    this.state = State.Unquoted;
    return i;
  }

  /** Past a record's line break `c` (CR possibly followed by LF, maybe in the next chunk); counts the line. */
  private endOfLine(s: string, i: number, c: number): number {
    this.line += 1;
    if (c === CR) {
      if (i < s.length) {
        if (s.charCodeAt(i) === LF) return i + 1;
      } else this.afterCr = true;
    }
    return i;
  }
}
