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

  it("judges the document's reservation totals by the app's commitment model, not by its sums (issue 31 item 3)", async () => {
    const r = await app.handlers.invoke('plan:list-source-documents', { document: '003' });
    if (!r.ok) throw new Error(r.error.message);
    const byId = new Map(r.value.documents[0]!.claims.map((c) => [c.id, c]));
    const claim = (id: string) => {
      const c = byId.get(id);
      if (!c) throw new Error(`no claim ${id}`);
      return c;
    };
    // 70 h at $2.14 reserved: a 1-year reservation commits 8,760 h × $2.14 = $18,746.40, whatever the hours used
    expect(claim('seed-003/typical-project-150').evaluation).toMatchObject({ verdict: 'wrong', appValue: 18746.4 });
    expect(claim('seed-003/typical-project-150').evaluation.basis).toMatch(/18,746\.40 committed.*pay-as-you-go for the same 70 h/);
    // 100 h a month at $3.67 reserved: 8,760 × $3.67 ÷ 12 = $2,679.10 a month
    expect(claim('seed-003/production-367').evaluation).toMatchObject({ verdict: 'wrong', appValue: 2679.1 });
    // the example's own two claims are computed, not stored: no claim of the document keeps a stored verdict
    expect(claim('rr-reserved-billed-per-hour').evaluation).toMatchObject({ verdict: 'wrong', stale: false });
    expect(Number(claim('rr-reserved-billed-per-hour').evaluation.appValue)).toBeCloseTo(1562.2 + 73.22, 2);
    expect(claim('rr-large-storage').evaluation).toMatchObject({ verdict: 'wrong', stale: false });
    expect(Number(claim('rr-large-storage').evaluation.appValue)).toBeCloseTo(13140 + 270.34 + 1.84, 2);
    for (const c of r.value.documents[0]!.claims) expect(c.evaluation.basis, c.id).not.toBe('the stored verdict');
    // a price the catalog took from this very document restates it: not "ok"
    expect(claim('seed-003/nc6s-v3-price').evaluation).toMatchObject({ verdict: 'restates', stale: false });
    expect(claim('seed-003/nc6s-v3-price').evaluation.basis).toMatch(/the catalog row's source is this document/);
  });

  it('flags the contradictions inside a document as inconsistent, each with both statements (issue 31 item 5)', async () => {
    const r = await app.handlers.invoke('plan:list-source-documents', {});
    if (!r.ok) throw new Error(r.error.message);
    const all = new Map(r.value.documents.flatMap((d) => d.claims.map((c) => [c.id, c] as const)));
    const aws = all.get('seed-003/aws-10-15pct-dearer')!;
    expect(aws.evaluation).toMatchObject({ verdict: 'inconsistent', stale: false });
    expect(aws.evaluation.authorText).toMatch(/3\.37.*3\.06/);
    const table = all.get('seed-004/small-models-table-vs-map')!;
    expect(table.evaluation).toMatchObject({ verdict: 'inconsistent', stale: false });
    expect(table.evaluation.basis).toMatch(/t4-medium is not in the quick-reference map/);
    expect(all.get('seed-004/medium-models-table-vs-map')!.evaluation.verdict).toBe('inconsistent');
    // as the break-even of the same document already is
    expect(all.get('seed-003/break-even-1300')!.evaluation.verdict).toBe('inconsistent');
  });
});
