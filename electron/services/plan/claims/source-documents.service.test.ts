import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../app-context';
import { resourcesDir, tempDir } from '../../../test-support/paths';

const data = tempDir();
const app = createAppContext({ dataDir: data.dir, resourcesDir, runtime: 'cli', now: () => new Date('2025-12-20T10:00:00Z') });
afterAll(() => {
  app.close();
  data.remove();
});

describe('plan:list-source-documents', () => {
  it('lists all five documents by title, each with its claims — the notes’ five claims too, though no project holds them', async () => {
    const r = await app.handlers.invoke('plan:list-source-documents', {});
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.documents.map((d) => d.number)).toEqual(['000', '001', '002', '003', '004']);
    const [notes, vitaldb] = r.value.documents;
    expect(notes).toMatchObject({ title: 'Hardware & Cost Notes', projectId: null });
    expect(notes!.claims).toHaveLength(5);
    expect(vitaldb).toMatchObject({ projectId: 'vitaldb-2025' });
    expect(vitaldb!.claims.length).toBeGreaterThanOrEqual(15);
    for (const d of r.value.documents) {
      expect(d.claims.length).toBeGreaterThan(0);
      expect(Object.values(d.counts).reduce((a, b) => a + b, 0)).toBe(d.claims.length);
      for (const c of d.claims) {
        expect(c.inputs.length).toBeGreaterThan(0);
        expect(c.evaluation.claimId).toBe(c.id);
      }
    }
    // The plan-check claim of VitalDB is set against the example's own plan, not left uncomputed.
    const planCheck = vitaldb!.claims.find((c) => c.inputs.startsWith("the plan's check"));
    expect(planCheck?.evaluation.appText).not.toMatch(/cannot compute/);
    expect(r.value.rule).toMatch(/×1.5/);
  });

  it('gives one document by its number, and refuses an unknown one with a user error', async () => {
    const one = await app.handlers.invoke('plan:list-source-documents', { document: '003' });
    if (!one.ok) throw new Error(one.error.message);
    expect(one.value.documents.map((d) => d.title)).toEqual(['Training Hardware Recommendations and Azure Costing']);
    expect(one.value.documents[0]!.projectId).toBe('seed-003-small-lab');
    const bad = await app.handlers.invoke('plan:list-source-documents', { document: '009' });
    expect(bad.ok).toBe(false);
  });
});
