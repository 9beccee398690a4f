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
});
