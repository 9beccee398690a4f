/**
 * Issue 32 item 1: the allocator reads and assigns lines a page at a time (memory bounded by the page, not the lines
 * stored); a page boundary changes no line's track.
 */
import { describe, expect, it } from 'vitest';
import { referenceFile } from '../../test-support/paths';
import { appPerTest, type TestApp } from '../../test-support/test-app';
import { createSpendAllocator } from './spend-allocator';

let app: TestApp;
appPerTest((a) => {
  app = a;
});

const tracks = () =>
  (app.db.prepare('SELECT id, track_id AS t FROM spend_lines ORDER BY id').all() as Array<{ id: number; t: string | null }>).map(
    (r) => `${r.id}:${r.t}`,
  );

describe('paged spend allocation (issue 32 item 1)', () => {
  it('assigns every line of the FOCUS sample the same track with pages of 7 lines as with one page', async () => {
    const { projectId } = app.services.plan.projects.create({
      name: 'Paged',
      start: '2024-09-01',
      end: '2024-09-30',
      currency: 'USD',
      budget: '100',
      track: { name: 'A', owner: 'Ana' },
    });
    const view = await app.services.plan.getPlan(projectId);
    const trackId = view.plan.tracks[0]!.id;
    await app.services.budget.importFile({ file: referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv') });
    app.services.budget.saveRule({ projectId, kind: 'service', key: null, pattern: '*Compute*', trackId });
    const onePage = tracks();
    expect(onePage.some((t) => t.endsWith(`:${trackId}`))).toBe(true);
    expect(onePage.some((t) => t.endsWith(':null'))).toBe(true);
    app.db.prepare('UPDATE spend_lines SET track_id = NULL').run();
    const result = createSpendAllocator(app.db, 7).reallocate();
    expect(result.allocated + result.unallocated).toBe(onePage.length);
    expect(tracks()).toEqual(onePage);
    app.db.prepare('UPDATE spend_lines SET track_id = NULL').run();
    const importId = (app.db.prepare('SELECT MAX(id) AS id FROM billing_imports').get() as { id: number }).id;
    createSpendAllocator(app.db, 3).allocateImports([importId]);
    expect(tracks()).toEqual(onePage);
  });
});
