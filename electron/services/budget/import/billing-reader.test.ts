import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { isUserError } from '../../../../shared/domain/errors';
import { tempDir } from '../../../test-support/paths';
import { readBillingFile, type ReadOptions } from './billing-reader';

const HEADER = 'BilledCost,BillingCurrency,ChargePeriodStart,ServiceName,Tags';

let dir: { dir: string; remove: () => void };
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

async function read(name: string, content: string | Buffer, options: ReadOptions = {}) {
  const file = path.join(dir.dir, name);
  fs.writeFileSync(file, content);
  const lines: SpendLine[] = [];
  const batches: number[] = [];
  const summary = await readBillingFile(file, { batchSize: 500, ...options }, (batch) => {
    batches.push(batch.length);
    lines.push(...batch);
  });
  return { summary, lines, batches };
}

/** Rows with multi-line quoted tags (LF, CRLF), blank lines between them, CRLF records; a bad cost now and then. */
function fileWithSpanningFields(rows: number): { text: string; badLines: number[]; total: number } {
  const parts = [HEADER];
  const badLines: number[] = [];
  let line = 2;
  let good = 0;
  for (let i = 0; i < rows; i += 1) {
    if (i % 97 === 5) {
      parts.push('');
      line += 1;
    }
    const bad = i % 250 === 7;
    if (bad) badLines.push(line);
    else good += 1;
    const tags = i % 3 === 0 ? `"{""team"": ""ml"",\n""note"":\r\n""two lines""}"` : '"{""team"": ""cv""}"';
    parts.push(`${bad ? 'n/a-cost' : '1'},USD,2024-09-02 00:00:00,"Amazon EC2",${tags}`);
    line += 1 + (i % 3 === 0 ? 2 : 0);
  }
  return { text: parts.join('\r\n'), badLines, total: good };
}

describe('readBillingFile', () => {
  it('names the line each row starts on, after quoted fields spanning lines and blank lines, in plain and gzip files', async () => {
    const { text, badLines, total } = fileWithSpanningFields(3000);
    for (const [name, content] of [
      ['spanning.csv', text],
      ['spanning.csv.gz', zlib.gzipSync(text)],
    ] as const) {
      const { summary, lines, batches } = await read(name, content, { maxErrors: 100_000 });
      expect(summary).toMatchObject({ dialect: 'focus', delimiter: ',', rowsRead: 3000, invalidRows: badLines.length });
      expect(summary.errors.map((e) => e.line)).toEqual(badLines);
      expect(summary.errors[0]).toMatchObject({ column: 'BilledCost', value: 'n/a-cost' });
      expect(lines).toHaveLength(total);
      expect(lines[0]!.tags).toEqual({ team: 'ml', note: 'two lines' });
      // Batches of batchSize, the last one the rest.
      expect(batches.slice(0, -1).every((n) => n === 500)).toBe(true);
      expect(batches.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it('refuses a quote left open with INVALID_CSV naming the line its record starts on', async () => {
    let error: unknown;
    try {
      await read('open-quote.csv', `${HEADER}\n1,USD,2024-09-02,EC2,{}\n1,USD,2024-09-02,"EC2\n,{}\n`);
    } catch (e) {
      error = e;
    }
    expect(isUserError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_CSV', details: { line: 3 } });
  });

  it('reads a BOM, CR-only line ends and a file without a final line break', async () => {
    const { summary, lines } = await read('cr.csv', `\ufeff${HEADER}\r1.5,USD,2024-09-02,EC2,\r\r2,EUR,2024-09-03,S3,"{""a"": ""b""}"`);
    expect(summary.header[0]).toBe('BilledCost');
    expect(lines.map((l) => [l.sourceLine, l.billedCost, l.currency, l.tags])).toEqual([
      [2, '1.5', 'USD', {}],
      [4, '2', 'EUR', { a: 'b' }],
    ]);
  });

  describe('text that is not UTF-8 (issue 11 item 4)', () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1');

    it('reads a Windows-1252 file (as Excel writes it) with its accents and euro signs, and says so in a warning', async () => {
      const text = `${HEADER}\n1.5,EUR,2024-09-02,Données caméra,\n2,EUR,2024-09-03,Überwachung,\n`;
      const bytes = Buffer.concat([latin1(text), Buffer.from([0x80])]); // 0x80 is € in Windows-1252
      const { summary, lines } = await read('excel.csv', bytes);
      expect(summary.encoding).toBe('windows-1252');
      expect(lines.map((l) => l.service)).toEqual(['Données caméra', 'Überwachung']);
      expect(lines.some((l) => JSON.stringify(l).includes('\ufffd'))).toBe(false);
      expect(summary.warnings[0]!.message).toMatch(/not UTF-8.*Windows-1252/);
    });

    it('reads Windows-1252 through gzip and on a header cut inside its head', async () => {
      const rows = Array.from({ length: 5000 }, (_, i) => `${i + 1},EUR,2024-09-02,Café n°${i},`).join('\n');
      const { summary, lines } = await read('big.csv.gz', zlib.gzipSync(latin1(`${HEADER}\n${rows}\n`)));
      expect(summary.encoding).toBe('windows-1252');
      expect(lines).toHaveLength(5000);
      expect(lines[4999]!.service).toBe('Café n°4999');
    });

    it('refuses, with its line, a file that starts as UTF-8 and turns to other bytes later; nothing is replaced silently', async () => {
      // 4,000 rows sit in the reader's first chunk; 40,000 put the bad line far past it (a later chunk).
      for (const rows of [4000, 40000]) {
        const good = Array.from({ length: rows }, (_, i) => `${i + 1},EUR,2024-09-02,Café ${i},`).join('\n');
        const bytes = Buffer.concat([Buffer.from(`${HEADER}\n${good}\n`, 'utf8'), latin1('7,EUR,2024-09-04,Caméra,\n')]);
        const error = await read(`mixed-${rows}.csv`, bytes).catch((e: unknown) => e);
        expect(isUserError(error)).toBe(true);
        expect(error).toMatchObject({ code: 'INVALID_ENCODING', details: { line: rows + 2 } });
        expect((error as Error).message).toMatch(new RegExp(`^line ${rows + 2}: .*not UTF-8`));
      }
    });

    it('keeps a real U+FFFD written in a UTF-8 file, and multi-byte characters cut by chunk boundaries', async () => {
      const name = 'x'.repeat(65533) + 'é\ufffd';
      const { summary, lines } = await read('fffd.csv', Buffer.from(`${HEADER}\n1,EUR,2024-09-02,${name},\n`, 'utf8'));
      expect(summary.encoding).toBe('utf8');
      expect(lines[0]!.service).toBe(name);
    });
  });

  describe('columns and fields the header does not account for (issue 11 item 5)', () => {
    it('refuses a row with a field beyond the header, naming line and field; a trailing empty field is fine', async () => {
      const text = `${HEADER}\n1.5,USD,2024-09-02,EC2,\n2,USD,2024-09-03,EC2,,surplus\n3,USD,2024-09-04,EC2,,\n`;
      const { summary, lines } = await read('extra.csv', text);
      expect(lines.map((l) => l.sourceLine)).toEqual([2, 4]);
      expect(summary.invalidRows).toBe(1);
      expect(summary.errors[0]).toMatchObject({ line: 3, column: 'field 6', value: 'surplus' });
      expect(summary.errors[0]!.message).toMatch(/6 fields but the header names 5/);
    });

    it('warns once of a repeated column name, and refuses rows whose copies of a read column differ', async () => {
      const header = 'BilledCost,BillingCurrency,ChargePeriodStart,ServiceName,Tags,billedcost';
      const text = `${header}\n1.5,USD,2024-09-02,EC2,,1.5\n2,USD,2024-09-03,S3,,20\n`;
      const { summary, lines } = await read('dup.csv', text);
      expect(summary.warnings.filter((w) => /more than once/.test(w.message))).toHaveLength(1);
      expect(summary.warnings[0]!.message).toMatch(/"BilledCost" \(columns 1, 6\)/);
      expect(lines.map((l) => l.billedCost)).toEqual(['1.5']);
      expect(summary.errors[0]).toMatchObject({ line: 3, column: 'BilledCost', value: '20' });
    });

    it('only warns of a repeated column the import does not read', async () => {
      const text = `${HEADER},Note,note\n1.5,USD,2024-09-02,EC2,,a,b\n`;
      const { summary, lines } = await read('dup-unread.csv', text);
      expect(lines).toHaveLength(1);
      expect(summary.invalidRows).toBe(0);
      expect(summary.warnings[0]!.message).toMatch(/"Note" \(columns 6, 7\)/);
    });
  });
});
