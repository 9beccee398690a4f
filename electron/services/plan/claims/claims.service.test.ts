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

  it('follows the catalog: a price the claim was checked against, changed in the app, makes the claim stale', async () => {
    const before = await app.handlers.invoke('plan:evaluate-claims', { projectId: 'vitaldb-2025' });
    if (!before.ok) throw new Error(before.error.message);
    const t4 = before.value.evaluations.find((e) => e.claimId === 'claim-a100-10x-t4')!;
    expect(t4.appText).toMatch(/×/);
    expect(t4.basis).toMatch(/T4/);
  });

  it('refuses an unknown project with a user error', async () => {
    const r = await app.handlers.invoke('plan:evaluate-claims', { projectId: 'no-such-project' });
    expect(r.ok).toBe(false);
  });
});
