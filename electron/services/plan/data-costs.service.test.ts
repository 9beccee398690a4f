/** Storage and transfer items through the plan service (issue 19 item 15): persistence, validation, plan show JSON. */
import { afterAll, describe, expect, it } from 'vitest';
import type { DataCostItem } from '../../../shared/domain/plan/types';
import { tempDir } from '../../test-support/paths';
import { createAppContext } from '../app-context';
import { planTestResources } from '../../test-support/plan-test-resources';

const res = planTestResources();
const data = tempDir();
const open = () =>
  createAppContext({ dataDir: data.dir, resourcesDir: res.dir, runtime: 'cli', now: () => new Date('2025-12-20T10:00:00Z') });
let app = open();
afterAll(() => {
  app.close();
  data.remove();
  res.remove();
});

const downloads: DataCostItem = {
  id: 'downloads-models',
  trackId: null,
  kind: 'downloads',
  label: 'Trained models downloaded',
  gb: 500,
  per: 'month',
  runs: null,
  rateId: 'azure-egress-internet',
  start: '2026-01-01',
  end: '2026-01-31',
  source: 'lead: about 500 GB of checkpoints copied out in January',
};

describe('stated storage and transfer in the plan service', () => {
  it('the seeded example carries the seed 001 datasets and prices them as storage, apart from GPU cost', async () => {
    const v = await app.services.plan.getPlan();
    expect(v.plan.dataCosts?.map((d) => [d.id, d.gb])).toEqual([
      ['dataset-m1', 1.2],
      ['dataset-m2', 4.8],
      ['dataset-m3', 24],
    ]);
    expect(Number(v.analysis.totals.storageUsd)).toBeGreaterThan(2);
    expect(v.analysis.totals.dataCosts.lines[0]!.rate?.source).toContain('one.google.com');
  });

  it('saves a downloads item, survives a restart, and plan show --json adds storage and transfer lines to the spec shape', async () => {
    const v0 = await app.services.plan.getPlan();
    const saved = app.services.plan.edit({
      projectId: 'vitaldb-2025',
      revision: v0.revision,
      command: { type: 'upsert', entity: 'dataCost', value: downloads },
    });
    expect(saved.analysis.totals.transferUsd).toBe('34.80'); // (500 − 100 free) × $0.087
    app.close();
    app = open();
    const shown = app.services.plan.show('vitaldb-2025');
    expect(shown.dataCosts.map((l) => l.itemId)).toContain('downloads-models');
    expect(shown.totals).toMatchObject({ transferUsd: '34.80' });
    expect(Number(shown.totals.allCostsUsd)).toBeCloseTo(
      Number(shown.totals.usd) + Number(shown.totals.storageUsd) + Number(shown.totals.transferUsd),
      2,
    );
    // The spec's keys are all still there.
    for (const w of shown.weeks)
      for (const key of ['week', 'start', 'allocations', 'gpuHours', 'usd', 'storageUsd', 'transferUsd']) expect(w).toHaveProperty(key);
    const jan = shown.weeks.filter((w) => w.week >= '2026-W01' && w.week <= '2026-W05');
    expect(jan.reduce((s, w) => s + Number(w.transferUsd), 0)).toBeCloseTo(34.8, 1);
  });

  it('refuses a bad item field by field, all at once, with nothing saved', async () => {
    const v = await app.services.plan.getPlan();
    const bad = await app.handlers.invoke('plan:edit', {
      projectId: 'vitaldb-2025',
      revision: v.revision,
      command: { type: 'upsert', entity: 'dataCost', value: { ...downloads, id: 'bad', gb: -5, rateId: 'azure-blob-hot', label: ' ' } },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      const fields = (bad.error.details?.problems ?? []).map((p) => p.field);
      expect(fields).toEqual(expect.arrayContaining(['dataCost.gb', 'dataCost.rateId', 'dataCost.label']));
    }
    expect((await app.services.plan.getPlan()).plan.dataCosts?.some((d) => d.id === 'bad')).toBe(false);
  });

  it('removes an item and undoes the removal', async () => {
    const v = await app.services.plan.getPlan();
    const removed = app.services.plan.edit({
      projectId: 'vitaldb-2025',
      revision: v.revision,
      command: { type: 'remove', entity: 'dataCost', id: downloads.id },
    });
    expect(removed.plan.dataCosts?.some((d) => d.id === downloads.id)).toBe(false);
    expect(removed.analysis.totals.transferUsd).toBe('0.00');
    const back = app.services.plan.undo({ projectId: 'vitaldb-2025' });
    expect(back.analysis.totals.transferUsd).toBe('34.80');
  });

  it('the budget overview (through its handler) shows the planned storage and transfer lines next to billed storage and network', async () => {
    const r = await app.handlers.invoke('budget:get-overview', { projectId: 'vitaldb-2025' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const plan = await app.services.plan.getPlan();
    expect(r.value.dataCosts.rows.map((x) => [x.category, x.planned, x.actual])).toEqual([
      ['storage', plan.analysis.totals.storageUsd, '0.00'],
      ['transfer', plan.analysis.totals.transferUsd, '0.00'],
    ]);
  });
});
