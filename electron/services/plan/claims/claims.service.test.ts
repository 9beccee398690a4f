import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../app-context';
import { resourcesDir, tempDir } from '../../../test-support/paths';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, resourcesDir, runtime: 'cli', now: () => new Date('2025-12-20T10:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

describe('plan:evaluate-claims', () => {
  it("computes the app's figure of every claim of the example project now, from the catalog and the plan's checks", async () => {
    const r = await app.handlers.invoke('plan:evaluate-claims', { projectId: 'vitaldb-2025' });
    if (!r.ok) throw new Error(r.error.message);
    const byId = new Map(r.value.evaluations.map((e) => [e.claimId, e]));
    expect(r.value.evaluations.length).toBeGreaterThanOrEqual(15);
    expect(r.value.rule).toMatch(/×1.5/);
    expect(byId.get('claim-params')).toMatchObject({ verdict: 'doubtful', stale: false, unit: 'M parameters' });
    expect(byId.get('claim-params')!.appValue).toBeCloseTo(7.22, 2);
    expect(byId.get('claim-m2-exp-fits')).toMatchObject({ verdict: 'inconsistent', stale: false });
    expect(r.value.evaluations.filter((e) => e.stale).map((e) => e.claimId)).toEqual([]);
  });

  it('explains each figure of the app with its basis (GPUs, hours, bound)', async () => {
    const before = await app.handlers.invoke('plan:evaluate-claims', { projectId: 'vitaldb-2025' });
    if (!before.ok) throw new Error(before.error.message);
    const t4 = before.value.evaluations.find((e) => e.claimId === 'claim-a100-10x-t4')!;
    expect(t4.appText).toMatch(/×/);
    expect(t4.basis).toMatch(/T4/);
  });

  it('gives a claim saved without its check (a database seeded by an older version) the bundled check of the same id', async () => {
    const row = app.db.prepare('SELECT claims_json FROM projects WHERE id = ?').get('vitaldb-2025') as { claims_json: string };
    const saved = JSON.parse(row.claims_json) as Array<{ id: string; verdict: string; check?: unknown }>;
    const older = saved.map(({ check: _check, ...c }) => (c.id === 'claim-a100-2.6x-l4' ? { ...c, verdict: 'ok' } : c));
    older.push({ id: 'my-own', verdict: 'doubtful', quote: 'typed by hand', where: 'me', explanation: 'no check' } as never);
    app.db.prepare('UPDATE projects SET claims_json = ? WHERE id = ?').run(JSON.stringify(older), 'vitaldb-2025');
    try {
      const r = await app.handlers.invoke('plan:evaluate-claims', { projectId: 'vitaldb-2025' });
      if (!r.ok) throw new Error(r.error.message);
      const byId = new Map(r.value.evaluations.map((e) => [e.claimId, e]));
      expect(byId.get('claim-params')).toMatchObject({ verdict: 'doubtful', stale: false, appText: '7.22 M parameters' });
      expect(byId.get('claim-a100-2.6x-l4')).toMatchObject({ storedVerdict: 'ok', verdict: 'doubtful', stale: true });
      expect(byId.get('my-own')).toMatchObject({
        verdict: 'doubtful',
        stale: false,
        appText: 'not re-derived: the claim carries no check',
      });
    } finally {
      app.db.prepare('UPDATE projects SET claims_json = ? WHERE id = ?').run(row.claims_json, 'vitaldb-2025');
    }
  });

  it('refuses an unknown project with a user error', async () => {
    const r = await app.handlers.invoke('plan:evaluate-claims', { projectId: 'no-such-project' });
    expect(r.ok).toBe(false);
  });
});
