import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../app-context';
import { tempDir } from '../../../test-support/paths';
import { planTestResources } from '../../../test-support/plan-test-resources';

const res = planTestResources();
const data = tempDir();
const app = createAppContext({ dataDir: data.dir, resourcesDir: res.dir, runtime: 'cli', now: () => new Date('2025-12-31T10:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
  res.remove();
});

/** Spend lines of an active import, tagged to the VitalDB track (the seeded rule takes `track: vitaldb*`), allocated as an import does. */
function insertSpend(lines: Array<{ day: string; cost: string; provider: string }>): void {
  const importId = Number(
    app.db
      .prepare(
        `INSERT INTO billing_imports (file_name, sha256, dialect, rows_read, rows_imported, totals_json, created_at)
         VALUES ('credits.csv', 'c', 'focus', ?, ?, '{}', '2025-12-31T00:00:00Z')`,
      )
      .run(lines.length, lines.length).lastInsertRowid,
  );
  const stmt = app.db
    .prepare(`INSERT INTO spend_lines (import_id, source_line, charge_period_start, billed_cost, billed_cost_nanos, currency,
    provider, service, tags_json) VALUES (?, ?, ?, ?, ?, 'USD', ?, 'Virtual Machines', '{"track":"vitaldb"}')`);
  lines.forEach((l, i) =>
    stmt.run(importId, i + 2, `${l.day}T00:00:00Z`, l.cost, BigInt(Math.round(Number(l.cost) * 100)) * 10_000_000n, l.provider),
  );
  app.services.budget.allocateImports([importId]); // as an import allocates its lines by the rules
}

const azureTrial = {
  projectId: 'vitaldb-2025',
  providerId: 'azure',
  name: 'Azure free account credit',
  amount: '200',
  currency: 'USD',
  grantedOn: '2025-12-01',
  expiresOn: '2025-12-30',
  source: 'seed 003 "includes $200 credit for 30 days"',
};

describe('budget credits (migration 0009, budget:*-credit channels)', () => {
  it('starts with no credits: the forecast after credits is the forecast, and the seeds’ offers are presets', async () => {
    const r = await app.handlers.invoke('budget:list-credits', {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.credits).toEqual([]);
    expect(r.value.summary.applied).toBe('0.00');
    expect(r.value.summary.forecastAfter).toBe(r.value.summary.forecastBefore);
    expect(r.value.presets.map((p) => p.key)).toContain('azure-free-trial');
  });

  it("pays Azure spend up to $200 in its 30 days; Colab's planned weeks are paid by a Colab credit", async () => {
    insertSpend([
      { day: '2025-12-15', cost: '150.00', provider: 'Microsoft' },
      { day: '2025-12-20', cost: '100.00', provider: 'Microsoft' },
      { day: '2025-12-21', cost: '30.00', provider: 'AWS' },
    ]);
    const saved = await app.handlers.invoke('budget:save-credit', { credit: azureTrial });
    expect(saved.ok).toBe(true);
    const colab = await app.handlers.invoke('budget:save-credit', {
      credit: {
        ...azureTrial,
        providerId: 'google-colab',
        name: 'Colab voucher',
        amount: '20',
        grantedOn: '2026-01-01',
        expiresOn: '2026-03-31',
      },
    });
    expect(colab.ok).toBe(true);
    if (!colab.ok) return;
    const byName = new Map(colab.value.summary.credits.map((c) => [c.name, c]));
    expect(byName.get('Azure free account credit')).toMatchObject({
      usedActual: '200.00',
      usedPlanned: '0.00',
      remaining: '0.00',
      status: 'used-up',
    });
    expect(byName.get('Colab voucher')).toMatchObject({
      usedActual: '0.00',
      usedPlanned: '20.00',
      remaining: '0.00',
      status: 'not-started',
    });
    const s = colab.value.summary;
    expect(s.applied).toBe('220.00');
    expect(Number(s.forecastBefore) - Number(s.forecastAfter)).toBeCloseTo(220, 2);
  });

  it('refuses bad input with the field, and leaves the table unchanged', async () => {
    const count = () => (app.db.prepare('SELECT COUNT(*) AS n FROM budget_credits').get() as { n: number }).n;
    const before = count();
    const late = await app.handlers.invoke('budget:save-credit', { credit: { ...azureTrial, expiresOn: '2025-11-01' } });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.message).toContain('expiry must not be before the grant day');
    const unknown = await app.handlers.invoke('budget:save-credit', { credit: { ...azureTrial, providerId: 'nope' } });
    expect(!unknown.ok && unknown.error.code).toBe('UNKNOWN_PROVIDER');
    const noAmount = await app.handlers.invoke('budget:save-credit', { credit: { ...azureTrial, amount: '-5' } });
    expect(noAmount.ok).toBe(false);
    expect(count()).toBe(before);
  });

  it('edits and deletes a credit', async () => {
    const list = await app.handlers.invoke('budget:list-credits', { projectId: 'vitaldb-2025' });
    if (!list.ok) throw new Error('list failed');
    const azure = list.value.credits.find((c) => c.providerId === 'azure')!;
    const edited = await app.handlers.invoke('budget:save-credit', { credit: { ...azureTrial, id: azure.id, amount: '100' } });
    expect(edited.ok && edited.value.summary.credits.find((c) => c.creditId === azure.id)!.usedActual).toBe('100.00');
    const deleted = await app.handlers.invoke('budget:delete-credit', { id: azure.id });
    expect(deleted.ok && deleted.value.credits.map((c) => c.name)).toEqual(['Colab voucher']);
    const again = await app.handlers.invoke('budget:delete-credit', { id: azure.id });
    expect(!again.ok && again.error.code).toBe('NOT_FOUND');
  });
});
