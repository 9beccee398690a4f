import Big from 'big.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../app-context';
import { tempDir } from '../../test-support/paths';
import { planTestResources } from '../../test-support/plan-test-resources';

const res = planTestResources();
const data = tempDir();
const notes: Array<{ title: string; body: string }> = [];
const app = createAppContext({
  dataDir: data.dir,
  resourcesDir: res.dir,
  runtime: 'cli',
  now: () => new Date('2026-01-05T10:00:00Z'),
  notify: (title, body) => notes.push({ title, body }),
});
afterAll(() => {
  app.close();
  data.remove();
  res.remove();
});

/** A December 2025 month of spend, written as an active import would leave it (allocated, its alerts notified). */
function insertSpend(
  lines: Array<{
    day: string;
    cost: string;
    currency?: string;
    tags?: Record<string, string>;
    service?: string;
    instanceType?: string;
    hours?: string;
  }>,
): void {
  app.services.budget.aroundWrite('all', () => insertImportLines(lines));
}

function insertImportLines(lines: Parameters<typeof insertSpend>[0]): void {
  const importId = Number(
    app.db
      .prepare(
        `INSERT INTO billing_imports (file_name, sha256, dialect, rows_read, rows_imported, totals_json, created_at)
    VALUES ('test.csv', 'x', 'focus', ?, ?, '{}', '2026-01-05T00:00:00Z')`,
      )
      .run(lines.length, lines.length).lastInsertRowid,
  );
  const stmt = app.db
    .prepare(`INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency, service, instance_type, usage_quantity, usage_unit, tags_json)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  lines.forEach((l, i) =>
    stmt.run(
      importId,
      i + 2,
      `${l.day}T00:00:00Z`,
      l.cost,
      BigInt(Math.round(Number(l.cost) * 100)) * 10_000_000n,
      l.currency ?? 'USD',
      l.service ?? 'Compute Engine',
      l.instanceType ?? null,
      l.hours ?? null,
      l.hours ? 'Hours' : null,
      JSON.stringify(l.tags ?? {}),
    ),
  );
  app.services.budget.allocateImports([importId]);
}

describe('budget planning service on the seeded example', () => {
  it('seeds the example budget ($615, by track and month) and one rule per track', async () => {
    const budgets = await app.handlers.invoke('budget:list-budgets', { projectId: 'vitaldb-2025' });
    expect(budgets.ok).toBe(true);
    if (!budgets.ok) return;
    expect(budgets.value.budgets.map((b) => [b.trackId, b.month, b.amount])).toEqual([
      [null, null, '615'],
      [null, '2025-12', '115'],
      [null, '2026-01', '500'],
      ['track-vitaldb', null, '615'],
    ]);
    const rules = await app.handlers.invoke('budget:list-rules', { projectId: 'vitaldb-2025' });
    expect(rules.ok && rules.value.rules.map((r) => r.trackId)).toEqual(['track-vitaldb', 'track-multisensor']);
  });

  it('overview without spend: the plan is the forecast', async () => {
    const o = await app.handlers.invoke('budget:get-overview', {});
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    expect(o.value.budget.total).toBe('615.00');
    expect(o.value.actual.value).toBe('0.00');
    expect(o.value.forecast.value).toBe(o.value.planned.total);
    expect(o.value.weeks[0]!.week).toBe('2025-W50');
  });

  it('rules catch lines, overview shows actual vs plan, alerts notified once, currencies kept apart until a rate', async () => {
    // ARS: a currency the bundled ECB rates do not cover, so its line waits for the user's rate.
    insertSpend([
      { day: '2025-12-22', cost: '12.40', tags: { track: 'vitaldb' }, instanceType: 'g2-standard-8', hours: '8' },
      { day: '2025-12-29', cost: '290.00', tags: { track: 'vitaldb' } },
      { day: '2025-12-23', cost: '4.10', service: 'Cloud Storage' },
      { day: '2025-12-24', cost: '20', currency: 'ARS', tags: { track: 'vitaldb' } },
    ]);
    const preview = await app.handlers.invoke('budget:preview-rules', { projectId: 'vitaldb-2025' });
    expect(preview.ok && preview.value.rules[0]!.count).toBe(3);
    expect(preview.ok && preview.value.unallocated.count).toBe(1);
    const draft = await app.handlers.invoke('budget:preview-rules', {
      projectId: 'vitaldb-2025',
      rules: [{ id: -1, projectId: 'vitaldb-2025', kind: 'service', key: null, pattern: 'cloud storage', trackId: 'track-multisensor' }],
    });
    expect(draft.ok && draft.value.rules[0]!.count).toBe(1);
    const saved = await app.handlers.invoke('budget:save-rule', {
      projectId: 'vitaldb-2025',
      kind: 'service',
      key: null,
      pattern: 'Cloud Storage',
      trackId: 'track-multisensor',
    });
    expect(saved.ok).toBe(true);
    expect((app.db.prepare('SELECT COUNT(*) AS n FROM spend_lines WHERE track_id IS NOT NULL').get() as { n: number }).n).toBe(4);

    const o = await app.services.budget.getOverview('vitaldb-2025');
    expect(o.actual.value).toBe('306.50');
    expect(o.actual.notConverted).toEqual({ ARS: '20' });
    expect(o.actual.gpuHours).toBe(8);
    expect(o.unallocated).toMatchObject({ count: 0, inWindowCount: 0 });
    insertSpend([
      { day: '2024-09-01', cost: '2.50', tags: { track: 'vitaldb' } },
      { day: '2024-09-02', cost: '1.25' },
    ]);
    const withOld = await app.services.budget.getOverview('vitaldb-2025');
    expect(withOld.outsideWindow).toEqual({ count: 1, totals: { USD: '2.5' } });
    expect(withOld.unallocated).toMatchObject({ count: 1, totals: { USD: '1.25' }, inWindowCount: 0 });
    expect(withOld.actual.value).toBe('306.50');
    expect(o.dataAsOf).toBe('2025-12-29');
    expect(o.alerts.map((a) => a.id)).toEqual(
      expect.arrayContaining(['currency:ARS', 'project:*:*:forecast:120', 'month:*:2025-12:actual:120']),
    );
    const notified = notes.length;
    expect(notified).toBeGreaterThan(0);
    await app.services.budget.getOverview('vitaldb-2025');
    expect(notes.length).toBe(notified);

    const rate = await app.handlers.invoke('budget:save-rate', {
      from: 'ARS',
      to: 'USD',
      rate: '1.05',
      asOf: '2025-12-01',
      source: 'ECB reference rate',
    });
    expect(rate.ok).toBe(true);
    const o2 = await app.services.budget.getOverview('vitaldb-2025');
    expect(o2.actual.value).toBe('327.50');
    expect(o2.actual.notConverted).toEqual({});
  });

  it('converts a EUR billing line at the bundled ECB rate of its charge date (the newest month-end on or before it), and names the rate', async () => {
    const before = (await app.services.budget.getOverview('vitaldb-2025')).actual.value;
    insertSpend([
      { day: '2025-12-24', cost: '20', currency: 'EUR', tags: { track: 'vitaldb' } },
      { day: '2026-01-05', cost: '10', currency: 'EUR', tags: { track: 'vitaldb' } },
    ]);
    const o = await app.services.budget.getOverview('vitaldb-2025');
    // ECB: 1 EUR = 1.1566 USD on 2025-11-28, 1.175 USD on 2025-12-31 (../shared/fx/eurofxref-hist.csv).
    expect(new Big(o.actual.value).minus(before).toFixed(2)).toBe('34.88'); // 20 × 1.1566 + 10 × 1.175 = 23.132 + 11.75
    expect(o.actual.notConverted).toEqual({});
    expect(o.actual.rates.join(' ')).toContain('EUR→USD 1.1566 (as of 2025-11-28, ECB euro reference rate, 2025-11-28)');
  });

  it('refuses bad input with the field: wrong currency, unknown track, tag without key, bad reorder, same-currency rate', async () => {
    const cases = [
      await app.handlers.invoke('budget:save-budget', { projectId: 'vitaldb-2025', amount: '100', currency: 'EUR' }),
      await app.handlers.invoke('budget:save-budget', { projectId: 'vitaldb-2025', amount: '1e3', currency: 'USD' }),
      await app.handlers.invoke('budget:save-rule', { projectId: 'vitaldb-2025', kind: 'service', pattern: 'x', trackId: 'nope' }),
      await app.handlers.invoke('budget:save-rule', { projectId: 'vitaldb-2025', kind: 'tag', pattern: 'x', trackId: 'track-vitaldb' }),
      await app.handlers.invoke('budget:reorder-rules', { projectId: 'vitaldb-2025', ruleIds: [1] }),
      await app.handlers.invoke('budget:save-rate', { from: 'USD', to: 'USD', rate: '1', asOf: '2025-12-01', source: 'x' }),
    ];
    expect(cases.map((c) => (c.ok ? 'ok' : (c.error.details?.field ?? c.error.details?.problems?.[0]?.field)))).toEqual([
      'currency',
      'amount',
      'trackId',
      'key',
      'ruleIds',
      'to',
    ]);
  });

  it('edits thresholds and reorders rules', async () => {
    const b = await app.handlers.invoke('budget:save-budget', {
      projectId: 'vitaldb-2025',
      amount: '615',
      currency: 'USD',
      thresholds: [120, 75, 100],
    });
    expect(b.ok && b.value.budget.thresholds).toEqual([75, 100, 120]);
    const rules = app.services.budget.listRules('vitaldb-2025');
    const r = await app.handlers.invoke('budget:reorder-rules', { projectId: 'vitaldb-2025', ruleIds: rules.map((x) => x.id).reverse() });
    expect(r.ok && r.value.rules.map((x) => x.id)).toEqual(rules.map((x) => x.id).reverse());
  });
});

describe('allocation on the writes that add spend, never on the overview (issue 25 item 6)', () => {
  it('a restored import is allocated by the current rules when it is restored; reading the overview changes no line', async () => {
    const dir = tempDir();
    const ctx = createAppContext({ dataDir: dir.dir, resourcesDir: res.dir, runtime: 'cli', now: () => new Date('2026-01-05T10:00:00Z') });
    try {
      const importId = Number(
        ctx.db
          .prepare(
            `INSERT INTO billing_imports (file_name, sha256, dialect, rows_read, rows_imported, totals_json, created_at)
        VALUES ('a.csv', 'a', 'focus', 1, 1, '{}', '2026-01-05T00:00:00Z')`,
          )
          .run().lastInsertRowid,
      );
      ctx.db
        .prepare(
          `INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency, service, tags_json)
        VALUES (?, 2, '2025-12-22T00:00:00Z', '12.4', 12400000000, 'USD', 'Compute Engine', '{"track":"vitaldb"}')`,
        )
        .run(importId);
      const trackOfLine = () =>
        (ctx.db.prepare('SELECT track_id FROM spend_lines WHERE import_id = ?').get(importId) as { track_id: string | null }).track_id;
      // Written by no import (a tool): the overview reads it as it is, unallocated.
      expect((await ctx.handlers.invoke('budget:get-overview', {})).ok).toBe(true);
      expect(trackOfLine()).toBe(null);
      ctx.services.budget.allocateImports([importId]); // what an import does as it is written
      expect(trackOfLine()).toBe('track-vitaldb');
      // Replaced (e.g. by a newer export) while the rule that caught it is deleted; then restored (an undo allocates it).
      ctx.db.prepare("UPDATE billing_imports SET status = 'replaced' WHERE id = ?").run(importId);
      const tagRule = ctx.services.budget.listRules('vitaldb-2025').find((r) => r.trackId === 'track-vitaldb')!;
      expect((await ctx.handlers.invoke('budget:delete-rule', { id: tagRule.id })).ok).toBe(true);
      expect(trackOfLine()).toBe('track-vitaldb');
      ctx.db.prepare("UPDATE billing_imports SET status = 'active' WHERE id = ?").run(importId);
      expect((await ctx.handlers.invoke('budget:get-overview', {})).ok).toBe(true);
      expect(trackOfLine()).toBe('track-vitaldb');
      ctx.services.budget.allocateImports([importId]);
      expect(trackOfLine()).toBe(null);
    } finally {
      ctx.close();
      dir.remove();
    }
  });
});

describe('saving allocation rules is all-or-nothing (issue 19 item 2)', () => {
  it('one invalid rule: nothing is saved, every problem is at its row and field; saving the fixed list twice never duplicates', async () => {
    const before = await app.handlers.invoke('budget:list-rules', { projectId: 'vitaldb-2025' });
    if (!before.ok) throw new Error('list');
    const saved = before.value.rules.map((r) => ({ id: r.id, kind: r.kind, key: r.key, pattern: r.pattern, trackId: r.trackId }));
    const valid = { kind: 'service' as const, key: null, pattern: 'Amazon Elastic Compute Cloud', trackId: 'track-vitaldb' };
    const bad = await app.handlers.invoke('budget:replace-rules', {
      projectId: 'vitaldb-2025',
      rules: [...saved, valid, { kind: 'tag', key: '', pattern: '', trackId: 'track-vitaldb' }],
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.details?.problems?.map((p) => p.field)).toEqual([
      `rules.${saved.length + 1}.key`,
      `rules.${saved.length + 1}.pattern`,
    ]);
    expect(bad.error.details?.problems?.every((p) => !/must|expected|NaN/.test(p.message))).toBe(true);
    const unchanged = await app.handlers.invoke('budget:list-rules', { projectId: 'vitaldb-2025' });
    expect(unchanged.ok && unchanged.value.rules).toEqual(before.value.rules);

    const first = await app.handlers.invoke('budget:replace-rules', { projectId: 'vitaldb-2025', rules: [...saved, valid] });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.rules.map((r) => r.pattern)).toEqual([...saved.map((r) => r.pattern), valid.pattern]);
    // The editor saves its list again (now with ids): still one copy of each rule.
    const again = await app.handlers.invoke('budget:replace-rules', {
      projectId: 'vitaldb-2025',
      rules: first.value.rules.map((r) => ({ id: r.id, kind: r.kind, key: r.key, pattern: r.pattern, trackId: r.trackId })),
    });
    expect(again.ok && again.value.rules.length).toBe(saved.length + 1);
    // Deleting by leaving it out of the list, and reordering.
    const reordered = await app.handlers.invoke('budget:replace-rules', { projectId: 'vitaldb-2025', rules: [...saved].reverse() });
    expect(reordered.ok && reordered.value.rules.map((r) => r.id)).toEqual([...saved].reverse().map((r) => r.id));
    await app.handlers.invoke('budget:replace-rules', { projectId: 'vitaldb-2025', rules: saved });
  });
});

describe('exchange rates: the bundled reference rates stay, your own come and go (issue 25 item 1)', () => {
  it('deleting a bundled ECB rate is refused with a message (it came back at the next start); your own rate deletes', () => {
    const count = () => (app.db.prepare('SELECT COUNT(*) AS n FROM exchange_rates').get() as { n: number }).n;
    const bundled = app.db.prepare("SELECT id FROM exchange_rates WHERE origin = 'bundled' LIMIT 1").get() as { id: number };
    const before = count();
    expect(() => app.services.budget.deleteRate(bundled.id)).toThrow(/bundled ECB reference rates cannot be deleted/);
    expect(count()).toBe(before);
    const own = app.services.budget.saveRate({ from: 'USD', to: 'EUR', rate: '0.9', asOf: '2025-12-01', source: 'my bank' });
    expect(count()).toBe(before + 1);
    expect(app.services.budget.deleteRate(own.id)).toBe(true);
    expect(count()).toBe(before);
  });
});
