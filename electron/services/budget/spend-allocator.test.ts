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

/** A September 2024 project in USD with one track, A: its id and the track's. */
async function projectWithOneTrack(name: string): Promise<{ projectId: string; trackId: string }> {
  const { projectId } = app.services.plan.projects.create({
    name,
    start: '2024-09-01',
    end: '2024-09-30',
    currency: 'USD',
    budget: '100',
    track: { name: 'A', owner: 'Ana' },
  });
  return { projectId, trackId: (await app.services.plan.getPlan(projectId)).plan.tracks[0]!.id };
}

describe('paged spend allocation (issue 32 item 1)', () => {
  it('assigns every line of the FOCUS sample the same track with pages of 7 lines as with one page', async () => {
    const { projectId, trackId } = await projectWithOneTrack('Paged');
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

  it('an import gives its lines their tracks as it writes them: no second pass, the same tracks and rollup as a reallocation (issue 26 item 15)', async () => {
    const { projectId, trackId } = await projectWithOneTrack('At insert');
    app.services.budget.saveRule({ projectId, kind: 'service', key: null, pattern: '*Compute*', trackId });
    // Every write of a line's track after it was inserted is counted.
    app.db.exec(`CREATE TEMP TABLE track_updates (n INTEGER);
      CREATE TEMP TRIGGER count_track_updates AFTER UPDATE OF track_id ON spend_lines BEGIN INSERT INTO track_updates VALUES (1); END;`);
    await app.services.budget.importFile({ file: referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv') });
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM track_updates').get()).toEqual({ n: 0 });
    const atInsert = tracks();
    expect(atInsert.some((t) => t.endsWith(`:${trackId}`))).toBe(true);
    const rollup = () =>
      app.db
        .prepare('SELECT track_id AS t, SUM(lines) AS lines, SUM(nanos) AS nanos FROM spend_rollup GROUP BY track_id ORDER BY track_id')
        .all();
    const rollupAtInsert = rollup();
    expect(rollupAtInsert).toHaveLength(2);
    app.db.exec('DROP TRIGGER count_track_updates');
    app.db.prepare('UPDATE spend_lines SET track_id = NULL').run();
    createSpendAllocator(app.db).reallocate();
    expect(tracks()).toEqual(atInsert);
    expect(rollup()).toEqual(rollupAtInsert);
  });

  it('a rule changed while an import is written: its lines are allocated again by the rules when it is made visible', async () => {
    const { projectId, trackId } = await projectWithOneTrack('Edited meanwhile');
    let edited = false;
    await app.services.budget.importFile({
      file: referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv'),
      onProgress: () => {
        if (edited) return;
        edited = true;
        app.services.budget.saveRule({ projectId, kind: 'service', key: null, pattern: '*Compute*', trackId });
      },
    });
    expect(edited).toBe(true);
    const published = tracks();
    expect(published.some((t) => t.endsWith(`:${trackId}`))).toBe(true);
    app.db.prepare('UPDATE spend_lines SET track_id = NULL').run();
    createSpendAllocator(app.db).reallocate();
    expect(tracks()).toEqual(published);
  });
});
