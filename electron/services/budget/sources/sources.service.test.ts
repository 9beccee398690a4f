import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { monthsFrom, writeMonthDelivery, type MonthDelivery } from '../../../test-support/aws-deliveries';

import { appPerTest, createTestApp, type Scratch, type TestApp } from '../../../test-support/test-app';

let app: TestApp;
let tmp: Scratch;
appPerTest((a, s) => {
  app = a;
  tmp = s;
});

const byMonth = (a: TestApp) =>
  Object.fromEntries(a.services.budget.spendSummary({ by: 'month', exact: true }).groups.map((g) => [g.key, g.totals.USD ?? '0']));
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000);

describe('an AWS CUR folder kept in sync', () => {
  it('36 monthly deliveries (month-to-date, final, split parts, restatements) sync to the final statements, the same as by hand', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    const eur = () =>
      Object.fromEntries(app.services.budget.spendSummary({ by: 'month', exact: true }).groups.map((g) => [g.key, g.totals.EUR]));
    const source = app.services.budget.addSource(folder);
    const months = monthsFrom('2022-01', 36);
    const finals = new Map<string, MonthDelivery>();
    let t = 0;
    let syncs = 0;
    for (const [i, month] of months.entries()) {
      // Mid-month: the first half, then the next sync; the final (split in two parts every fourth month); restatements.
      writeMonthDelivery(folder, month, 0, { days: 15, at: day((t += 1)) });
      if (i % 3 === 0) {
        await app.services.budget.syncSources(source.id);
        syncs += 1;
      }
      finals.set(month, writeMonthDelivery(folder, month, 1, { parts: i % 4 === 0 ? 2 : 1, at: day((t += 1)) }));
      if (i % 6 === 5) {
        await app.services.budget.syncSources(source.id);
        finals.set(month, writeMonthDelivery(folder, month, 2, { parts: 2, at: day((t += 1)) }));
      }
      if (i % 2 === 1) await app.services.budget.syncSources(source.id);
    }
    const [last] = await app.services.budget.syncSources(source.id);
    expect(syncs).toBeGreaterThan(5);
    expect(last!.refused).toEqual([]);
    // The independent ledger: each month as its final statement bills it.
    const expected = Object.fromEntries(months.map((m) => [m, finals.get(m)!.total]));
    expect(byMonth(app)).toEqual(expected);
    const grand = months.reduce((s, m) => s.plus(finals.get(m)!.total), new Big(0)).toFixed();
    expect(app.services.budget.spendSummary({ by: 'none', exact: true }).totals).toEqual({ USD: grand });

    // By hand: the final statements' files imported one by one into another app (single-file months: a split delivery
    // imported part by part by hand replaces its own first part, which the sync keeps).
    const byHand = createTestApp();
    try {
      for (const d of finals.values()) if (d.parts.length === 1) await byHand.services.budget.importFile({ file: d.parts[0]! });
      const hand = byMonth(byHand);
      for (const [m, total] of Object.entries(hand)) expect(byMonth(app)[m]).toBe(total);
      expect(Object.keys(hand).length).toBeGreaterThan(20);
    } finally {
      byHand.dispose();
    }

    // An unchanged folder: nothing imported, every file unchanged.
    const [again] = await app.services.budget.syncSources(source.id);
    expect(again).toMatchObject({ imported: [], refused: [], alreadyImported: [] });
    expect(again!.unchanged).toBe([...finals.values()].reduce((n, d) => n + d.parts.length, 0));
    expect(again!.superseded).toEqual([]);
    const listed = app.services.budget.listSources()[0]!;
    expect(listed.lastSync?.unchanged).toBe(again!.unchanged);
  }, 240_000);

  it('redelivering a month changes only that month', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const months = monthsFrom('2024-01', 6);
    months.forEach((m, i) => writeMonthDelivery(folder, m, 1, { at: day(i) }));
    const source = app.services.budget.addSource(folder);
    await app.services.budget.syncSources();
    const before = byMonth(app);
    const redelivery = writeMonthDelivery(folder, '2024-03', 2, { parts: 2, at: day(100) });
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported.map((i) => i.path)).toEqual(redelivery.parts.map((p) => path.relative(folder, p)));
    expect(sync!.superseded).toEqual(['cur/gpu-report/20240301-20240401/202403-rev1-00000000-assembly/gpu-report-1.csv.gz']);
    const after = byMonth(app);
    expect(after['2024-03']).toBe(redelivery.total);
    expect(after['2024-03']).not.toBe(before['2024-03']);
    expect({ ...after, '2024-03': null }).toEqual({ ...before, '2024-03': null });
  });

  it('a file already imported (by content hash) is skipped; a refused file leaves the others imported and is listed with its error', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const d = writeMonthDelivery(folder, '2024-01', 1, { at: day(1) });
    writeMonthDelivery(folder, '2024-02', 1, { at: day(2) });
    await app.services.budget.importFile({ file: d.parts[0]! });
    fs.mkdirSync(path.join(folder, 'misc'));
    fs.writeFileSync(path.join(folder, 'misc', 'notes.csv'), 'when,amount\n2024-01-01,3\n');
    fs.writeFileSync(path.join(folder, 'misc', '.partial-copy.csv'), 'half a file');
    fs.writeFileSync(path.join(folder, 'misc', 'report.csv.partial'), 'half a file');
    const source = app.services.budget.addSource(folder);
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.alreadyImported).toEqual([path.relative(folder, d.parts[0]!)]);
    expect(sync!.imported.map((i) => i.path)).toEqual([
      'cur/gpu-report/20240201-20240301/202402-rev1-00000000-assembly/gpu-report-1.csv.gz',
    ]);
    expect(sync!.refused).toEqual([
      { path: 'misc/notes.csv', code: 'UNKNOWN_FORMAT', message: expect.stringMatching(/choose a column mapping/) },
    ]);
    expect(app.services.budget.listImports().filter((i) => i.status === 'active')).toHaveLength(2);
    const listed = app.services.budget.listSources()[0]!;
    expect(listed.refused).toEqual([
      expect.objectContaining({ path: 'misc/notes.csv', status: 'refused', error: expect.stringMatching(/Looked for/) }),
    ]);
    // The refused file stays listed; unchanged, it is not read again.
    const [again] = await app.services.budget.syncSources(source.id);
    expect(again!.refused).toEqual([]);
    expect(app.services.budget.listSources()[0]!.refused).toHaveLength(1);
  });

  it('a delivery whose manifest lists parts not copied yet waits for them', async () => {
    const folder = path.join(tmp.dir, 'billing');
    const d = writeMonthDelivery(folder, '2024-05', 1, { parts: 2, at: day(1) });
    fs.rmSync(d.parts[1]!);
    const source = app.services.budget.addSource(folder);
    const [first] = await app.services.budget.syncSources(source.id);
    expect(first!.imported).toEqual([]);
    expect(first!.waiting).toHaveLength(1);
    writeMonthDelivery(folder, '2024-05', 1, { parts: 2, at: day(1) });
    const [second] = await app.services.budget.syncSources(source.id);
    expect(second!.imported).toHaveLength(2);
    expect(byMonth(app)['2024-05']).toBe(d.total);
  });

  it('a sync can be cancelled; the next one finishes the work', async () => {
    const folder = path.join(tmp.dir, 'billing');
    monthsFrom('2023-01', 6).forEach((m, i) => writeMonthDelivery(folder, m, 1, { at: day(i) }));
    const source = app.services.budget.addSource(folder);
    const events: Array<{ filesDone: number; filesTotal: number; phase: string }> = [];
    const deps = app.deps as { emit: (e: string, p: unknown) => void };
    const original = deps.emit;
    deps.emit = (event, payload) => {
      if (event === 'budget:source-sync-progress') {
        const p = payload as { filesDone: number; filesTotal: number; phase: string };
        events.push(p);
        if (p.phase === 'importing' && p.filesDone === 2) app.services.budget.cancelSourceSync();
      }
      original(event, payload);
    };
    const [cancelled] = await app.services.budget.syncSources(source.id);
    expect(cancelled!.cancelled).toBe(true);
    expect(cancelled!.imported.length).toBeLessThan(6);
    expect(events.some((e) => e.phase === 'importing' && e.filesTotal === 6)).toBe(true);
    deps.emit = original;
    const [rest] = await app.services.budget.syncSources(source.id);
    expect(cancelled!.imported.length + rest!.imported.length).toBe(6);
  });

  it('a folder that is not one is refused; the same folder twice too', () => {
    expect(() => app.services.budget.addSource(path.join(tmp.dir, 'nope'))).toThrow(/not a folder/);
    app.services.budget.addSource(tmp.dir);
    expect(() => app.services.budget.addSource(tmp.dir)).toThrow(/already source/);
  });
});

describe('sources watched by the app', () => {
  async function until(check: () => boolean, what: string): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      if (check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`never: ${what}`);
  }

  it('syncs at start, and again when a file arrives (fs.watch, debounced)', async () => {
    const folder = path.join(tmp.dir, 'billing');
    writeMonthDelivery(folder, '2024-01', 1, { at: day(1) });
    const source = app.services.budget.addSource(folder);
    const [atStart] = await app.services.budget.startSourceWatching({ debounceMs: 100, rescanMs: 60_000 });
    expect(atStart!.imported).toHaveLength(1);
    try {
      const feb = writeMonthDelivery(folder, '2024-02', 1, { at: day(2) });
      await until(() => byMonth(app)['2024-02'] === feb.total, 'February imported after the folder changed');
      expect(
        app.services.budget
          .listSources()
          .find((s) => s.id === source.id)!
          .lastSync!.imported.map((i) => i.path),
      ).toEqual([path.relative(folder, feb.parts[0]!)]);
    } finally {
      app.services.budget.stopSourceWatching();
    }
  });

  it('a folder without events (network drive) is still synced by the periodic rescan', async () => {
    const folder = path.join(tmp.dir, 'billing');
    fs.mkdirSync(folder);
    app.services.budget.addSource(folder);
    await app.services.budget.startSourceWatching({ debounceMs: 60_000, rescanMs: 200 });
    try {
      const mar = writeMonthDelivery(folder, '2024-03', 1, { at: day(3) });
      await until(() => byMonth(app)['2024-03'] === mar.total, 'March imported by the rescan');
    } finally {
      app.services.budget.stopSourceWatching();
    }
  });
});

describe('other providers’ delivery layouts', () => {
  const write = (file: string, text: string, at: Date) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.utimesSync(file, at, at);
  };

  it('Azure dated folders: each day’s month-to-date file restates the month; the newest one counts', async () => {
    const folder = path.join(tmp.dir, 'azure');
    const header =
      'billingAccountId,billingPeriodStartDate,billingPeriodEndDate,date,meterCategory,meterName,costInBillingCurrency,billingCurrency,chargeType';
    const rowsUpTo = (days: number) =>
      Array.from(
        { length: days },
        (_, d) =>
          `acc-1,05/01/2024,05/31/2024,05/${String(d + 1).padStart(2, '0')}/2024,Virtual Machines,NC6s v3,${(d + 1) * 1.25},EUR,Usage`,
      );
    const sum = (days: number) =>
      rowsUpTo(days)
        .reduce((s, r) => s.plus(r.split(',')[6]!), new Big(0))
        .toFixed();
    fs.mkdirSync(folder);
    const eur = () =>
      Object.fromEntries(app.services.budget.spendSummary({ by: 'month', exact: true }).groups.map((g) => [g.key, g.totals.EUR]));
    const source = app.services.budget.addSource(folder);
    for (const days of [3, 4, 5]) {
      write(
        path.join(folder, 'gpu-costs', '20240501-20240531', `gpu-costs_0000${days}-guid.csv`),
        `${header}\n${rowsUpTo(days).join('\n')}\n`,
        day(days),
      );
      await app.services.budget.syncSources(source.id);
      expect(eur()).toEqual({ '2024-05': sum(days) });
    }
    write(
      path.join(folder, 'gpu-costs', '20240501-20240531', 'gpu-costs_00006-guid.csv'),
      `${header}\n${rowsUpTo(6).join('\n')}\n`,
      day(6),
    );
    write(
      path.join(folder, 'gpu-costs', '20240501-20240531', 'gpu-costs_00007-guid.csv'),
      `${header}\n${rowsUpTo(7).join('\n')}\n`,
      day(7),
    );
    await app.services.budget.syncSources(source.id);
    expect(eur()).toEqual({ '2024-05': sum(7) });
  });

  it('OCI numbered cost reports each add their hours: two files of one month are both kept', async () => {
    const folder = path.join(tmp.dir, 'oci');
    const header =
      'lineItem/referenceNo,lineItem/tenantId,lineItem/intervalUsageStart,lineItem/intervalUsageEnd,product/service,cost/myCost,cost/currencyCode';
    write(
      path.join(folder, 'reports', 'cost-csv', '0001000000812345-00001.csv'),
      `${header}\nr1,t1,2024-05-01T00:00Z,2024-05-01T01:00Z,COMPUTE,2.5,USD\n`,
      day(1),
    );
    write(
      path.join(folder, 'reports', 'cost-csv', '0001000000812346-00001.csv'),
      `${header}\nr2,t1,2024-05-01T06:00Z,2024-05-01T07:00Z,COMPUTE,1.25E0,USD\nr3,t1,2024-05-01T06:00Z,2024-05-01T07:00Z,COMPUTE,-2.5,USD\n`,
      day(2),
    );
    const source = app.services.budget.addSource(folder);
    const [sync] = await app.services.budget.syncSources(source.id);
    expect(sync!.imported.map((i) => i.replacedImportIds)).toEqual([[], []]);
    expect(byMonth(app)).toEqual({ '2024-05': '1.25' });
  });
});
