import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toCsv } from './csv';

describe('RFC 4180 CSV writer', () => {
  it('quotes commas, quotes and line breaks, uses CRLF, optional BOM', () => {
    const text = toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', null]], { bom: true });
    expect(text.startsWith('\uFEFFa,b\r\n')).toBe(true);
    expect(text).toContain('"x,y","say ""hi"""\r\n');
    expect(text).toContain('"line\nbreak",\r\n');
  });

  it('round-trips any text through a standard parser', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 3, maxLength: 3 }), { maxLength: 20 }), (rows) => {
        const text = toCsv(['c1', 'c2', 'c3'], rows);
        const back = parse(text, { bom: true, relax_quotes: false }) as string[][];
        expect(back.slice(1)).toEqual(rows.map((r) => r.map((v) => v)));
      }),
    );
  });
});
