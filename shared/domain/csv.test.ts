import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { neutraliseCsvCell, toCsv, unneutraliseCsvCell } from './csv';

describe('RFC 4180 CSV writer', () => {
  it('quotes commas, quotes and line breaks, uses CRLF, optional BOM', () => {
    const text = toCsv(
      ['a', 'b'],
      [
        ['x,y', 'say "hi"'],
        ['line\nbreak', null],
      ],
      { bom: true },
    );
    expect(text.startsWith('\uFEFFa,b\r\n')).toBe(true);
    expect(text).toContain('"x,y","say ""hi"""\r\n');
    expect(text).toContain('"line\nbreak",\r\n');
  });

  it('round-trips any text through a standard parser', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 3, maxLength: 3 }), { maxLength: 20 }), (rows) => {
        const text = toCsv(['c1', 'c2', 'c3'], rows);
        const back = parse(text, { bom: true, relax_quotes: false }) as string[][];
        expect(back.slice(1).map((r) => r.map(unneutraliseCsvCell))).toEqual(rows.map((r) => r.map((v) => v)));
        // No cell opens as a formula, whatever the text.
        for (const r of back.slice(1)) for (const cell of r) expect(/^[=+\-@\t\r]/.test(cell) && !/^[+-]?[\d.]/.test(cell)).toBe(false);
      }),
    );
  });

  it('neutralises formula cells as OWASP recommends (issue 11, item 12); numbers stay numbers', () => {
    const text = toCsv(
      ['a'],
      [
        ['=HYPERLINK("http://x","y")'],
        ['+1+2'],
        ['-2+3'],
        ['@SUM(A1)'],
        ['\tcmd'],
        ['\rcmd'],
        ["'=already"],
        [-12.5],
        ['-12.5'],
        ['+3'],
        ['1e-7'],
        ['plain'],
      ],
    );
    const cells = (parse(text) as string[][]).slice(1).map((r) => r[0]);
    expect(cells).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      "'\tcmd",
      "'\rcmd",
      "''=already",
      '-12.5',
      '-12.5',
      '+3',
      '1e-7',
      'plain',
    ]);
    expect(cells.map((c) => unneutraliseCsvCell(c!))).toEqual([
      '=HYPERLINK("http://x","y")',
      '+1+2',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\rcmd',
      "'=already",
      '-12.5',
      '-12.5',
      '+3',
      '1e-7',
      'plain',
    ]);
    expect(neutraliseCsvCell('-')).toBe("'-");
  });

  it('neutralises the full-width and small forms of = + - @ (issue 26, item 14), reversibly', () => {
    for (const c of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B']) {
      const text = `${c}HYPERLINK("http://x","y")`;
      expect(neutraliseCsvCell(text)).toBe(`'${text}`);
      expect(unneutraliseCsvCell(neutraliseCsvCell(text))).toBe(text);
      expect(neutraliseCsvCell(`'${text}`)).toBe(`''${text}`);
    }
    // Full-width digits are no number a spreadsheet reads: ＋３ is neutralised; ASCII +3 stays a number.
    expect(neutraliseCsvCell('\uFF0B\uFF13')).toBe("'\uFF0B\uFF13");
    expect(neutraliseCsvCell('+3')).toBe('+3');
    expect(neutraliseCsvCell('a\uFF1D1')).toBe('a\uFF1D1');
  });
});
