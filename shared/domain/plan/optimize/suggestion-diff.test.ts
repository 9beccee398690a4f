/**
 * The suggestion's diff per milestone when one booking serves two milestones: the optimizer books one cell per track,
 * offering and week and labels it with one phase, so the diff shares its hours out by the checks' coverage walk.
 */
import { describe, expect, it } from 'vitest';
import { fixtureBooking, fixtureMilestone, fixtureOffering, fixturePlan, fixtureProject, fixtureTrack } from '../test-fixtures';
import type { Allocation, Milestone, PlanCatalog } from '../types';
import { diffLines, suggestionDiff } from './suggestion-diff';

const catalog: PlanCatalog = { offerings: [fixtureOffering('gcp-l4', 'l4', { usd: '1' }, 'GCP L4')] };

const milestone = (id: string, position: number, start: string, end: string, hours: number): Milestone =>
  fixtureMilestone({ id, trackId: 'a', position, start, end, offeringId: 'gcp-l4', gpuId: 'l4', hours });

const booking = (id: string, week: string, hours: number, phaseId: string): Allocation =>
  fixtureBooking({ id, trackId: 'a', week, offeringId: 'gcp-l4', gpuId: 'l4', hours, phaseId });

function plan(milestones: Milestone[], allocations: Allocation[]) {
  const project = fixtureProject({ name: 'One track', start: '2026-01-01', end: '2026-03-31', budget: '100000' });
  return fixturePlan(project, { tracks: [fixtureTrack(project, 'a', 0)], milestones, allocations });
}

describe('the suggestion diff, when a booking serves two milestones', () => {
  // Current: M2 (12–18 Jan, 2026-W03) booked 30 h in W03; M3 (26 Jan–1 Feb, W05) booked 40 h in W05.
  const current = plan(
    [milestone('m2', 0, '2026-01-12', '2026-01-18', 30), milestone('m3', 1, '2026-01-26', '2026-02-01', 40)],
    [booking('b2', '2026-W03', 30, 'm2-p'), booking('b3', '2026-W05', 40, 'm3-p')],
  );
  // Suggested (dates freed): M3 moved into W03 beside M2; one 70 h booking labelled with M2's phase serves both.
  const suggested = plan(
    [milestone('m2', 0, '2026-01-12', '2026-01-15', 30), milestone('m3', 1, '2026-01-15', '2026-01-18', 40)],
    [booking('auto-a-gcp-l4-2026-W03', '2026-W03', 70, 'm2-p')],
  );

  it('gives each milestone the hours the checks count toward it, and their cost', () => {
    const diff = suggestionDiff(current, suggested, catalog);
    const m2 = diff.milestones.find((m) => m.milestoneId === 'm2');
    const m3 = diff.milestones.find((m) => m.milestoneId === 'm3')!;
    expect(m3.before.gpuHours).toBe(40);
    expect(m3.after.gpuHours).toBe(40);
    expect(m3.after.cost).toBe('40.00');
    expect(m3.changes).toEqual(['dates', 'gpu-hours']); // same hours, moved to another week
    expect(m2?.after.gpuHours ?? 30).toBe(30);
    expect(m2?.after.cost ?? '30.00').toBe('30.00');
    expect(diff.before.cost).toBe('70.00');
    expect(diff.after.cost).toBe('70.00');
    expect(diff.addedGpuHours).toBe(40);
    expect(diff.removedGpuHours).toBe(40);
    const lines = diffLines(
      diff,
      (id) => id,
      (a) => `$${a}`,
    );
    expect(lines.find((l) => l.startsWith('M3'))).toMatch(/its 40 GPU-hours move to other weeks/);
  });

  it('counts a booking beyond what the milestones need toward the milestone it is labelled with', () => {
    const over = plan(current.milestones, [booking('b2', '2026-W03', 50, 'm2-p'), booking('b3', '2026-W05', 40, 'm3-p')]);
    const diff = suggestionDiff(over, current, catalog);
    const m2 = diff.milestones.find((m) => m.milestoneId === 'm2')!;
    expect([m2.before.gpuHours, m2.after.gpuHours]).toEqual([50, 30]);
    expect([m2.before.cost, m2.after.cost]).toEqual(['50.00', '30.00']);
  });
});

describe('the diff in sentences (the CLI text and the PDF\'s "What moved")', () => {
  it('reads "what: before → after" with its unit; a range has a dash, never a second arrow; one day is one date', () => {
    const current = plan([milestone('m2', 0, '2026-01-12', '2026-01-18', 30)], [booking('b2', '2026-W03', 30, 'm2-p')]);
    const suggested = plan([milestone('m2', 0, '2026-01-12', '2026-01-12', 30)], [booking('b2', '2026-W03', 20, 'm2-p')]);
    const lines = diffLines(
      suggestionDiff(current, suggested, catalog),
      (id) => id,
      (a) => `$${a}`,
    );
    expect(lines).toEqual([
      'M2 m2: dates 2026-01-12 – 2026-01-18 → 2026-01-12; 30 → 20 GPU-hours; cost $30.00 → $20.00.',
      'Plan: cost $30.00 → $20.00; finish 2026-01-18 → 2026-01-12 (last week with milestone work 2026-W03 → 2026-W03); 0 GPU-hours newly booked, 10 no longer booked.',
    ]);
  });
});

describe('the order of the diff', () => {
  it("is the plan screen's: track by track, each track's milestones in their order (not the order they are stored in)", () => {
    const project = fixtureProject({ name: 'Two tracks', start: '2026-01-01', end: '2026-03-31', budget: '100000' });
    const on = (trackId: string, id: string, position: number, start: string, end: string) =>
      fixtureMilestone({ id, trackId, position, start, end, offeringId: 'gcp-l4', gpuId: 'l4', hours: 10 });
    const two = (hours: number) =>
      fixturePlan(project, {
        tracks: [fixtureTrack(project, 'a', 0), fixtureTrack(project, 'b', 1)],
        milestones: [
          on('a', 'm1', 0, '2026-01-05', '2026-01-11'),
          on('b', 'm3', 0, '2026-01-05', '2026-01-11'),
          on('a', 'm2', 1, '2026-01-12', '2026-01-18'),
        ],
        allocations: ['m1', 'm3', 'm2'].map((m) =>
          fixtureBooking({
            id: m,
            trackId: m === 'm3' ? 'b' : 'a',
            week: m === 'm2' ? '2026-W03' : '2026-W02',
            offeringId: 'gcp-l4',
            gpuId: 'l4',
            hours,
            phaseId: `${m}-p`,
          }),
        ),
      });
    expect(suggestionDiff(two(10), two(12), catalog).milestones.map((m) => m.code)).toEqual(['M1', 'M2', 'M3']);
  });
});
