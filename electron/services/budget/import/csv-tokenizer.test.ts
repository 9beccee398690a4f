import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, CsvTokenizer, type CsvTokenizerOptions } from './csv-tokenizer';

interface Tokenized {
  records: string[][];
  lines: number[];
}

/** Feeds `text` cut at `cuts` (positions, any order, repeats allowed: empty chunks). */
function tokenize(text: string, options: CsvTokenizerOptions = { delimiter: ',', quote: true }, cuts: number[] = []): Tokenized {
  const tokenizer = new CsvTokenizer(options);
  const result: Tokenized = { records: [], lines: [] };
  const add = (r: Tokenized) => {
    result.records.push(...r.records);
    result.lines.push(...r.lines);
  };
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const at = Math.min(cut, text.length);
    add(tokenizer.push(text.slice(from, at)));
    from = at;
  }
  add(tokenizer.push(text.slice(from)));
  add(tokenizer.end());
  return result;
}

/** Every cut of the text into two chunks gives the same result as one chunk. */
function everyTwoChunks(text: string, options?: CsvTokenizerOptions): Tokenized {
  const whole = tokenize(text, options);
  for (let cut = 0; cut <= text.length; cut += 1) expect(tokenize(text, options, [cut]), `cut at ${cut}`).toEqual(whole);
  return whole;
}

/** csv-parse with the options billing-reader used: the oracle. Records and the line each record ENDS on. */
function csvParse(
  text: string,
  options: CsvTokenizerOptions = { delimiter: ',', quote: true },
): { records: string[][]; endLines: number[] } {
  const rows = parse(text, {
    delimiter: options.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    quote: options.quote ? '"' : false,
    record_delimiter: ['\r\n', '\n', '\r'],
    info: true,
    skip_empty_lines: true,
    bom: true,
  }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  return { records: rows.map((r) => r.record), endLines: rows.map((r) => r.info.lines) };
}

describe('CsvTokenizer', () => {
  it('splits fields and records on CRLF, LF and CR; the last record needs no line break', () => {
    expect(everyTwoChunks('a,b\r\nc,d\ne,f\rg,h')).toEqual({
      records: [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
        ['g', 'h'],
      ],
      lines: [1, 2, 3, 4],
    });
    expect(everyTwoChunks('a,b\n')).toEqual({ records: [['a', 'b']], lines: [1] });
    expect(everyTwoChunks('')).toEqual({ records: [], lines: [] });
  });

  it('keeps empty fields, including a trailing one, and rows of any length', () => {
    expect(everyTwoChunks(',\na,,b,\n,x\nlonely')).toEqual({
      records: [['', ''], ['a', '', 'b', ''], ['', 'x'], ['lonely']],
      lines: [1, 2, 3, 4],
    });
    expect(everyTwoChunks('a,')).toEqual({ records: [['a', '']], lines: [1] });
  });

  it('reads quoted fields: delimiters, doubled quotes and line breaks inside', () => {
    expect(everyTwoChunks('"a,b","say ""hi""","",""""\n"x\r\ny",z')).toEqual({
      records: [
        ['a,b', 'say "hi"', '', '"'],
        ['x\r\ny', 'z'],
      ],
      lines: [1, 2],
    });
    expect(everyTwoChunks('"{""InstanceType"": ""p3.2xlarge"", ""GpuCount"": 1}"')).toEqual({
      records: [['{"InstanceType": "p3.2xlarge", "GpuCount": 1}']],
      lines: [1],
    });
  });

  it('names the line a record starts on, after quoted fields spanning lines (LF, CRLF or CR inside) and skipped empty lines', () => {
    const text = 'h1,h2\n"one\ntwo\r\nthree\rfour",x\r\n\r\n\nnext,"a\n\nb"\n\rlast,1\n';
    expect(everyTwoChunks(text)).toEqual({
      records: [
        ['h1', 'h2'],
        ['one\ntwo\r\nthree\rfour', 'x'],
        ['next', 'a\n\nb'],
        ['last', '1'],
      ],
      lines: [1, 2, 8, 12],
    });
  });

  it('keeps quotes that do not open a field, and reads "ab"c as csv-parse relax_quotes does', () => {
    expect(everyTwoChunks('a"b,c"d\n x "y",z')).toEqual({
      records: [
        ['a"b', 'c"d'],
        [' x "y"', 'z'],
      ],
      lines: [1, 2],
    });
    expect(everyTwoChunks('"ab"c,d\n"a""b"c\n"a,b" ,e')).toEqual({
      records: [['"ab"c', 'd'], ['"a"b"c'], ['"a,b" ', 'e']],
      lines: [1, 2, 3],
    });
  });

  it('drops a byte-order mark at the start only', () => {
    expect(everyTwoChunks('\ufeffa,b\n\ufeffc')).toEqual({ records: [['a', 'b'], ['\ufeffc']], lines: [1, 2] });
  });

  it('reads Hive \\x01 files without quoting', () => {
    const hive = { delimiter: '\x01', quote: false };
    expect(everyTwoChunks('a\x01"b\x01c"\n"x""\x01\n', hive)).toEqual({
      records: [
        ['a', '"b', 'c"'],
        ['"x""', ''],
      ],
      lines: [1, 2],
    });
  });

  it('other delimiters: semicolon, tab, pipe', () => {
    for (const delimiter of [';', '\t', '|']) {
      expect(everyTwoChunks(`a${delimiter}"b${delimiter}c"${delimiter}1,5\n`, { delimiter, quote: true })).toEqual({
        records: [['a', `b${delimiter}c`, '1,5']],
        lines: [1],
      });
    }
  });

  it('refuses a quote still open at the end, naming the line its record starts on', () => {
    for (const text of ['a\n"b\nc', 'a\nx,"b\n\nc""']) {
      let error: unknown;
      try {
        tokenize(text, undefined, [3]);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect(error).toMatchObject({ code: 'CSV_QUOTE_NOT_CLOSED', lines: 2 });
    }
  });

  it('refuses delimiters it cannot read', () => {
    expect(() => new CsvTokenizer({ delimiter: ',,', quote: true })).toThrow();
    expect(() => new CsvTokenizer({ delimiter: '"', quote: true })).toThrow();
    expect(() => new CsvTokenizer({ delimiter: '\n', quote: false })).toThrow();
  });

  it('a record longer than many chunks is read once (no rescans), in pieces', () => {
    const big = `"${'x,"" \n'.repeat(20_000)}",end\nnext`;
    const cuts = Array.from({ length: 200 }, (_, k) => Math.floor((big.length * k) / 200));
    const result = tokenize(big, undefined, cuts);
    expect(result.records).toEqual([['x," \n'.repeat(20_000), 'end'], ['next']]);
    expect(result.lines).toEqual([1, 20_002]);
  });
});

// ------------------------------------------------------------------------------------------------ property tests

const cutsFor = (text: string) => fc.array(fc.integer({ min: 0, max: Math.max(0, text.length) }), { maxLength: 8 });

/** Text from characters that matter to CSV, so random inputs hit quotes, doubled quotes and line breaks often. */
const csvText = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }).map((chars) => chars.join(''));

function oracleOrError(text: string, options?: CsvTokenizerOptions): { records: string[][]; endLines: number[] } | { error: string } {
  try {
    return csvParse(text, options);
  } catch (error) {
    return { error: (error as { code: string }).code };
  }
}

function oursOrError(text: string, options: CsvTokenizerOptions | undefined, cuts: number[]): Tokenized | { error: string } {
  try {
    return tokenize(text, options, cuts);
  } catch (error) {
    return { error: (error as { code: string }).code };
  }
}

/** csv-parse counts the line breaks inside quotes per CR and per LF (ours: CRLF once). */
const breaksAsCsvParseCounts = (record: string[]) => record.reduce((n, f) => n + (f.match(/[\r\n]/g)?.length ?? 0), 0);

describe('CsvTokenizer against csv-parse (the oracle) on random text in random chunks', () => {
  it('quoted CSV: same records, same errors; start line = csv-parse end line less the breaks inside', () => {
    const text = fc
      .tuple(fc.boolean(), csvText(['a', 'b', ',', ',', '"', '"', '""', '\n', '\r', '\r\n', ' ', 'é', '€']))
      .map(([bom, body]) => (bom ? '\ufeff' : '') + body);
    fc.assert(
      fc.property(
        text.chain((t) => fc.tuple(fc.constant(t), cutsFor(t))),
        ([text, cuts]) => {
          const expected = oracleOrError(text);
          const actual = oursOrError(text, undefined, cuts);
          if ('error' in expected) {
            expect(actual).toEqual({ error: expected.error });
            return;
          }
          expect(actual).toMatchObject({ records: expected.records });
          // csv-parse counts a CRLF inside quotes as two lines: the earlier records' CRLFs are taken off too.
          let extra = 0;
          const starts = expected.records.map((r, k) => {
            const start = expected.endLines[k]! - breaksAsCsvParseCounts(r) - extra;
            extra += r.reduce((n, f) => n + (f.match(/\r\n/g)?.length ?? 0), 0);
            return start;
          });
          expect((actual as Tokenized).lines).toEqual(starts);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('Hive \\x01 files (no quoting), and semicolon files: same records', () => {
    for (const options of [
      { delimiter: '\x01', quote: false },
      { delimiter: ';', quote: true },
    ]) {
      fc.assert(
        fc.property(
          csvText(['a', options.delimiter, options.delimiter, '"', ',', '\n', '\r\n', '\r', ' ']),
          fc.array(fc.nat(), { maxLength: 6 }),
          (text, cuts) => {
            const expected = oracleOrError(text, options);
            const actual = oursOrError(
              text,
              options,
              cuts.map((c) => c % (text.length + 1)),
            );
            if ('error' in expected) expect(actual).toEqual({ error: expected.error });
            else expect(actual).toMatchObject({ records: expected.records });
          },
        ),
        { numRuns: 1000 },
      );
    }
  });
});

describe('CsvTokenizer on generated well-formed files (independent oracle: the records written and their lines)', () => {
  const field = fc.oneof(
    fc.stringMatching(/^[a-z0-9 .\-]{0,8}$/),
    fc.array(fc.constantFrom('x', ',', '"', '\n', '\r\n', '\r', ' ', '{', ':'), { maxLength: 10 }).map((c) => c.join('')),
  );
  const record = fc.array(field, { minLength: 1, maxLength: 6 });
  const quoteField = (f: string, force: boolean) => (force || /[",\r\n]/.test(f) || f === '' ? `"${f.replace(/"/g, '""')}"` : f);
  const lineBreaks = (s: string) => (s.match(/\r\n|\r|\n/g) ?? []).length;

  it('reads back every record with the line it starts on, whatever the line endings, blank lines and chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ record, eol: fc.constantFrom('\n', '\r\n', '\r'), blankLines: fc.nat({ max: 2 }), quoteAll: fc.boolean() }), {
          maxLength: 12,
        }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (rows, finalBreak, rawCuts) => {
          let text = '';
          const lines: number[] = [];
          rows.forEach((r, k) => {
            text += r.eol.repeat(r.blankLines);
            // A CR then a LF (end of one line, blank line) is one CRLF: counted on the text written so far.
            lines.push(1 + lineBreaks(text));
            text += r.record.map((f) => quoteField(f, r.quoteAll || r.record.length === 1)).join(',');
            if (k < rows.length - 1 || finalBreak) text += r.eol;
          });
          const cuts = rawCuts.map((c) => c % (text.length + 1));
          expect(tokenize(text, undefined, cuts)).toEqual({ records: rows.map((r) => r.record), lines });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
