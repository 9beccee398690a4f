/**
 * Issue 26 item 3: removing a track its spend and rules point to asks where they go, and nothing is lost — the actual
 * stays (moved to another track) or the spend shows as unallocated (unassigned); rules are retargeted or removed.
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { isUserError } from '../../../shared/domain/errors';
import { removeTrackCommand } from '../../../shared/domain/plan/commands';
import type { Track } from '../../../shared/domain/plan/types';
import { referenceFile } from '../../test-support/paths';
import { appPerTest, type TestApp } from '../../test-support/test-app';

let app: TestApp;
appPerTest((a) => {
  app = a;
});

const FOCUS_TOTAL = '20.52022672899';

/** A September 2024 project with tracks A and B, the FOCUS sample imported, and a rule sending all its spend to B. */
async function projectWithSpendOnB() {
  const { projectId } = app.services.plan.projects.create({
    name: 'Spend test',
    start: '2024-09-01',
    end: '2024-09-30',
    currency: 'USD',
    budget: '100',
    track: { name: 'A', owner: 'Ana' },
  });
  let view = await app.services.plan.getPlan(projectId);
  const a = view.plan.tracks[0]!;
  const b: Track = { ...a, id: 'track-b', name: 'B', owner: 'Bo', position: 1 };
  view = app.services.plan.edit({ projectId, revision: view.revision, command: { type: 'upsert', entity: 'track', value: b } });
  await app.services.budget.importFile({ file: referenceFile('billing-samples', 'focus-sample-data/focus_sample.csv') });
  app.services.budget.saveRule({ projectId, kind: 'service', key: null, pattern: '*', trackId: b.id });
  app.services.budget.saveRule({ projectId, kind: 'tag', key: 'team', pattern: 'nobody', trackId: b.id });
  const overview = await app.services.budget.getOverview(projectId);
  expect(overview.actual.value).toBe('20.52');
  return { projectId, a, b, view: await app.services.plan.getPlan(projectId) };
}

const linesOn = (trackId: string) =>
  (app.db.prepare('SELECT COUNT(*) AS n FROM spend_lines WHERE track_id = ?').get(trackId) as { n: number }).n;

describe('removing a track with spend or rules (issue 26 item 3)', () => {
  it('is refused until the user chooses; nothing changes meanwhile', async () => {
    const { projectId, b, view } = await projectWithSpendOnB();
    let refused: unknown;
    try {
      app.services.plan.edit({ projectId, revision: view.revision, command: removeTrackCommand(view.plan, b.id) });
    } catch (error) {
      refused = error;
    }
    expect(isUserError(refused) && refused.code).toBe('TRACK_HAS_SPEND');
    expect((refused as Error).message).toMatch(/^Track "B" has 2 allocation rule\(s\), \d+ spend line\(s\): choose the track/);
    const after = await app.services.plan.getPlan(projectId);
    expect(after.plan.tracks.map((t) => t.name)).toEqual(['A', 'B']);
    expect(after.revision).toBe(view.revision);
    expect((await app.services.budget.getOverview(projectId)).actual.value).toBe('20.52');
  });

  it('moved to another track: the actual is unchanged, the rules point to that track, the lines are on it', async () => {
    const { projectId, a, b, view } = await projectWithSpendOnB();
    const linesOnB = linesOn(b.id);
    expect(linesOnB).toBeGreaterThan(0);
    const next = app.services.plan.edit({
      projectId,
      revision: view.revision,
      command: removeTrackCommand(view.plan, b.id),
      removedTrackSpend: { moveTo: a.id },
    });
    expect(next.plan.tracks.map((t) => t.name)).toEqual(['A']);
    const overview = await app.services.budget.getOverview(projectId);
    expect(overview.actual.value).toBe('20.52');
    expect(app.services.budget.listRules(projectId).map((r) => r.trackId)).toEqual([a.id, a.id]);
    expect(linesOn(a.id)).toBe(linesOnB);
    expect(linesOn(b.id)).toBe(0);
  });

  it('left unassigned: its rules go and its spend shows as unallocated, to the cent', async () => {
    const { projectId, b, view } = await projectWithSpendOnB();
    app.services.plan.edit({
      projectId,
      revision: view.revision,
      command: removeTrackCommand(view.plan, b.id),
      removedTrackSpend: { moveTo: null },
    });
    expect(app.services.budget.listRules(projectId)).toEqual([]);
    expect(linesOn(b.id)).toBe(0);
    const overview = await app.services.budget.getOverview(projectId);
    expect(overview.actual.value).toBe('0.00');
    expect(Object.keys(overview.unallocated.totals)).toEqual(['USD']);
    expect(new Big(overview.unallocated.totals.USD!).toFixed(2)).toBe(new Big(FOCUS_TOTAL).toFixed(2));
    expect(overview.unallocated.count).toBeGreaterThan(0);
  });

  it('a move to a track the project does not keep is refused', async () => {
    const { projectId, b, view } = await projectWithSpendOnB();
    expect(() =>
      app.services.plan.edit({
        projectId,
        revision: view.revision,
        command: removeTrackCommand(view.plan, b.id),
        removedTrackSpend: { moveTo: b.id },
      }),
    ).toThrow(/only move to a track the project keeps/);
  });

  it('an undo that would remove a track holding rules is refused the same way; the rules stay', async () => {
    const { projectId, b, view } = await projectWithSpendOnB();
    // The last edit of the plan's history added track B: undoing it would remove B.
    expect(view.history.undoLabel).toBeTruthy();
    expect(() => app.services.plan.undo({ projectId, revision: view.revision })).toThrow(/Track "B" has 2 allocation rule\(s\)/);
    expect(app.services.budget.listRules(projectId).map((r) => r.trackId)).toEqual([b.id, b.id]);
    expect((await app.services.plan.getPlan(projectId)).plan.tracks.map((t) => t.name)).toEqual(['A', 'B']);
    expect((await app.services.budget.getOverview(projectId)).actual.value).toBe('20.52');
  });

  it('promoting a scenario without the track is refused with what to do; a scenario that keeps it is promoted', async () => {
    const { projectId, b } = await projectWithSpendOnB();
    const { scenario } = app.services.plan.duplicateScenario({ projectId, name: 'Without B', description: '' });
    const sv = app.services.plan.scenarioView(projectId, scenario.id);
    expect(sv.plan.tracks.map((t) => t.id)).toContain(b.id);
    app.services.plan.editScenario({
      projectId,
      scenarioId: scenario.id,
      revision: sv.revision,
      command: removeTrackCommand(sv.plan, b.id),
    });
    expect(() => app.services.plan.promoteScenario({ projectId, scenarioId: scenario.id })).toThrow(
      /^Promoting the scenario "Without B" would remove track "B", which has 2 allocation rule\(s\)/,
    );
    expect((await app.services.plan.getPlan(projectId)).plan.tracks.map((t) => t.name)).toEqual(['A', 'B']);
    expect((await app.services.budget.getOverview(projectId)).actual.value).toBe('20.52');

    const { scenario: same } = app.services.plan.duplicateScenario({ projectId, name: 'Same', description: '' });
    app.services.plan.promoteScenario({ projectId, scenarioId: same.id });
    expect((await app.services.plan.getPlan(projectId)).plan.tracks.map((t) => t.name)).toEqual(['A', 'B']);
    expect((await app.services.budget.getOverview(projectId)).actual.value).toBe('20.52');
  });

  it('a track without spend or rules is removed without a question', async () => {
    const { projectId } = app.services.plan.projects.create({
      name: 'Empty',
      start: '2024-09-01',
      end: '2024-09-30',
      currency: 'USD',
      budget: '0',
      track: { name: 'A', owner: 'Ana' },
    });
    let view = await app.services.plan.getPlan(projectId);
    const c: Track = { ...view.plan.tracks[0]!, id: 'track-c', name: 'C', position: 1 };
    view = app.services.plan.edit({ projectId, revision: view.revision, command: { type: 'upsert', entity: 'track', value: c } });
    const next = app.services.plan.edit({ projectId, revision: view.revision, command: removeTrackCommand(view.plan, c.id) });
    expect(next.plan.tracks.map((t) => t.name)).toEqual(['A']);
  });
});
