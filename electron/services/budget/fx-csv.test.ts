import { describe, expect, it } from 'vitest';
import { parseRatesCsv, ratesToCsv } from './fx-csv';
import { UserError } from '../../../shared/domain/errors';

const fail = (text: string) => {
  try {
    parseRatesCsv(text, 'rates.csv');
  } catch (error) {
    return error as UserError;
  }
  throw new Error('expected a refusal');
};

describe('rates CSV (from,to,rate,as_of,source)', () => {
  it('reads rows in any column order, with a BOM and CRLF, and round-trips through the export', () => {
    const rows = parseRatesCsv(
      '\uFEFFsource,as_of,rate,to,from\r\n"Bank, Zurich",2026-03-01,0.88,CHF,EUR\r\nRBI,2026-03-02,83.25,INR,USD\r\n',
      'rates.csv',
    );
    expect(rows).toEqual([
      { from: 'EUR', to: 'CHF', rate: '0.88', asOf: '2026-03-01', source: 'Bank, Zurich', origin: 'import' },
      { from: 'USD', to: 'INR', rate: '83.25', asOf: '2026-03-02', source: 'RBI', origin: 'import' },
    ]);
    expect(parseRatesCsv(ratesToCsv(rows.map((x, i) => ({ ...x, id: i }))), 'again.csv')).toEqual(rows);
  });

  it('refuses the whole file with every bad row at its line and column, saying what was expected', () => {
    const e = fail(
      'from,to,rate,as_of,source\nUSD,EUR,0.9,2026-01-01,x\nusd,EUR,abc,2026-13-01,\n"multi\nline",GBP,1,2026-01-01,y\nUSD,USD,1,2026-01-01,z\n',
    );
    expect(e.code).toBe('INVALID_RATES');
    expect(e.details?.problems?.map((p) => [p.line, p.column, p.field])).toEqual([
      [3, 1, 'from'],
      [3, 3, 'rate'],
      [3, 4, 'as_of'],
      [3, 5, 'source'],
      [4, 1, 'from'],
      [6, 2, 'to'],
    ]);
    expect(e.message).toMatch(
      /^rates\.csv, line 3, column 1 \(from\): expected a 3-letter currency code such as USD, found "usd" \(and 5 more problems\)\. Nothing was imported\.$/,
    );
  });

  it('refuses a header without the columns, an empty file and broken quoting', () => {
    expect(fail('from,to,rate\nUSD,EUR,0.9\n')).toMatchObject({
      code: 'CSV_HEADER',
      details: { line: 1, expected: 'from,to,rate,as_of,source' },
    });
    expect(fail('from,to,rate,as_of,source\n')).toMatchObject({ code: 'INVALID_RATES', details: { line: 2 } });
    expect(fail('from,to,rate,as_of,source\n"USD,EUR,0.9,2026-01-01,x\n').code).toBe('CSV_SYNTAX');
  });
});
