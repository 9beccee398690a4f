/**
 * Deadlines, order and hardware hold unless the lead frees them (issue 27 item 2), and "least change" (item 6): the
 * optimizer on a two-track plan (GCP L4 bookings; a cheaper marketplace GPU the estimator could move them to) and
 * on the bundled example.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzePlan } from '../../../../shared/domain/plan/checks';
import { milestoneSpan } from '../../../../shared/domain/plan/milestone-dependencies';
import type { OptimizeOptions } from '../../../../shared/domain/plan/optimize/schedule-model';
import {
  fixtureBooking,
  fixtureMilestone,
  fixtureOffering,
  fixturePlan,
  fixtureProject,
  fixtureTrack,
} from '../../../../shared/domain/plan/test-fixtures';
import type { Allocation, Milestone, Plan, PlanCatalog } from '../../../../shared/domain/plan/types';
import { createTestApp } from '../../../test-support/test-app';
import { runSchedule } from '../../../worker/run-schedule';
import { suggestionDiff } from '../../../../shared/domain/plan/optimize/suggestion-diff';

const NOW = '2026-01-01T00:00:00.000Z';

const milestone = (
  id: string,
  trackId: string,
  position: number,
  start: string,
  end: string,
  hours: number,
  dependsOn?: string[],
): Milestone => fixtureMilestone({ id, trackId, position, start, end, offeringId: 'gcp-l4', gpuId: 'l4', hours, dependsOn });

const booking = (id: string, trackId: string, week: string, hours: number, phaseId: string): Allocation =>
  fixtureBooking({ id, trackId, week, offeringId: 'gcp-l4', gpuId: 'l4', hours, phaseId });

/** Track A: M1 (5–16 Jan), M2 (18 Jan–5 Feb); track B: M3 (8–19 March), which comes after M2. All on a GCP L4. */
function twoTracks(options: { dependsOn?: boolean } = {}): { plan: Plan; catalog: PlanCatalog } {
  const catalog: PlanCatalog = {
    offerings: [fixtureOffering('gcp-l4', 'l4', { usd: '0.85' }), fixtureOffering('market-4090', 'rtx4090', { usd: '0.35' })],
  };
  const project = fixtureProject({ name: 'Two tracks', start: '2026-01-01', end: '2026-03-31', budget: '100000' });
  const track = (id: string, position: number) => fixtureTrack(project, id, position);
  const plan = fixturePlan(project, {
    tracks: [track('a', 0), track('b', 1)],
    milestones: [
      milestone('m1', 'a', 0, '2026-01-05', '2026-01-16', 20),
      milestone('m2', 'a', 1, '2026-01-18', '2026-02-05', 60),
      milestone('m3', 'b', 0, '2026-03-08', '2026-03-19', 40, options.dependsOn === false ? undefined : ['m2']),
    ],
    allocations: [
      booking('b1', 'a', '2026-W02', 20, 'm1-p'),
      booking('b2', 'a', '2026-W04', 60, 'm2-p'),
      booking('b3', 'b', '2026-W11', 40, 'm3-p'),
    ],
  });
  return { plan, catalog };
}

const solve = (plan: Plan, catalog: PlanCatalog, options: Partial<OptimizeOptions>) =>
  runSchedule({ plan, catalog, options: { objective: 'finish', ...options }, timeLimitSeconds: 20, mipRelGap: 1e-6, now: NOW });

const span = (plan: Plan, id: string) => milestoneSpan(plan.milestones.find((m) => m.id === id)!)!;
/** The marketplace GPU at a third of the price, as the estimator would offer it with --allow-hardware. */
const alternatives = {
  'm1-p': [{ offeringId: 'market-4090', gpuHours: 20 }],
  'm2-p': [{ offeringId: 'market-4090', gpuHours: 60 }],
  'm3-p': [{ offeringId: 'market-4090', gpuHours: 40 }],
};

describe('deadlines, order and hardware are constraints unless freed', () => {
  it('earliest finish, by default: every milestone keeps its dates (M3 stays 8–19 March) and its offering', async () => {
    const { plan, catalog } = twoTracks();
    const result = await solve(plan, catalog, {});
    expect(span(result.plan, 'm3')).toEqual({ start: '2026-03-08', end: '2026-03-19' });
    for (const m of plan.milestones) expect(span(result.plan, m.id)).toEqual(span(plan, m.id));
    expect(result.plan.milestones.flatMap((m) => m.phases.map((p) => p.offeringId))).toEqual(['gcp-l4', 'gcp-l4', 'gcp-l4']);
    expect(result.addedAllocations.every((a) => a.offeringId === 'gcp-l4')).toBe(true);
    expect(result.addedAllocations.filter((a) => a.phaseId === 'm3-p').every((a) => a.week >= '2026-W10' && a.week <= '2026-W12')).toBe(
      true,
    );
  });

  it('earliest finish with dates freed never puts M3 before M2 ends (M3 depends on M2, on another track)', async () => {
    const { plan, catalog } = twoTracks();
    const result = await solve(plan, catalog, { allowDates: true });
    const m2 = span(result.plan, 'm2');
    const m3 = span(result.plan, 'm3');
    expect(m3.start >= m2.end).toBe(true);
    expect(m3.end <= '2026-03-19').toBe(true);
    const m2Weeks = result.addedAllocations.filter((a) => a.phaseId === 'm2-p').map((a) => a.week);
    const m3Weeks = result.addedAllocations.filter((a) => a.phaseId === 'm3-p').map((a) => a.week);
    expect(Math.min(...m3Weeks.map((w) => Number(w.slice(-2))))).toBeGreaterThanOrEqual(
      Math.max(...m2Weeks.map((w) => Number(w.slice(-2)))),
    );
    expect(analyzePlan(result.plan, catalog).problems.filter((p) => p.kind === 'milestone-dependency-order')).toEqual([]);
    // Without the dependency, the same objective moves M3 before M2 ends: the order above is the dependency's doing.
    const free = await solve(twoTracks({ dependsOn: false }).plan, catalog, { allowDates: true });
    expect(span(free.plan, 'm3').start < span(free.plan, 'm2').end).toBe(true);
  });

  it('never swaps the L4 offering for the marketplace GPU unless hardware is freed', async () => {
    const { plan, catalog } = twoTracks();
    // the service passes alternatives only with --allow-hardware (optimize.service.ts); given them, the model uses them
    const freed = await solve(plan, catalog, { objective: 'cost', alternatives });
    expect(freed.plan.milestones.map((m) => m.phases[0]!.offeringId)).toEqual(['market-4090', 'market-4090', 'market-4090']);
    const kept = await solve(plan, catalog, { objective: 'cost' });
    expect(kept.plan.milestones.map((m) => m.phases[0]!.offeringId)).toEqual(['gcp-l4', 'gcp-l4', 'gcp-l4']);
  });
});

/** Every declared dependency of a plan: the dependent milestone's dates and its prerequisite's. */
const dependencySpans = (plan: Plan) =>
  plan.milestones.flatMap((m) =>
    (m.dependsOn ?? []).map((id) => ({ dependent: m.code, prerequisite: id, after: span(plan, m.id), before: span(plan, id) })),
  );

/** Each dependent milestone starts after (never on the day) its prerequisite ends: no two share a date. */
function expectStartsAfterPrerequisites(plan: Plan): void {
  const pairs = dependencySpans(plan);
  expect(pairs.length).toBeGreaterThan(0);
  for (const p of pairs) expect({ ...p, startsAfterEnd: p.after.start > p.before.end }).toMatchObject({ startsAfterEnd: true });
}

describe('dates freed: a dependent milestone starts after its prerequisite ends (never the same date)', () => {
  it('a three-milestone chain with room to squeeze into one week: M1, then M2, then M3, in the dates, bookings and diff', async () => {
    const catalog: PlanCatalog = { offerings: [fixtureOffering('gcp-l4', 'l4', { usd: '0.85' })] };
    const project = fixtureProject({ name: 'Chain', start: '2026-01-05', end: '2026-03-29', budget: '100000' });
    const plan = fixturePlan(project, {
      tracks: [fixtureTrack(project, 'a', 0)],
      milestones: [
        milestone('m1', 'a', 0, '2026-02-02', '2026-02-13', 20),
        milestone('m2', 'a', 1, '2026-02-16', '2026-03-06', 30, ['m1']),
        milestone('m3', 'a', 2, '2026-03-09', '2026-03-27', 10, ['m2']),
      ],
    });
    const result = await solve(plan, catalog, { allowDates: true });
    expectStartsAfterPrerequisites(result.plan);
    // the bookings follow each other too: each milestone's first week after the last week of the one it comes after
    const weeksOf = (phaseId: string) =>
      result.addedAllocations
        .filter((a) => a.phaseId === phaseId)
        .map((a) => a.week)
        .sort();
    expect(weeksOf('m2-p')[0]! > weeksOf('m1-p').at(-1)!).toBe(true);
    expect(weeksOf('m3-p')[0]! > weeksOf('m2-p').at(-1)!).toBe(true);
    // earliest finish still moves the work as early as the order allows: three weeks, from the project's first
    expect([...weeksOf('m1-p'), ...weeksOf('m2-p'), ...weeksOf('m3-p')]).toEqual(['2026-W02', '2026-W03', '2026-W04']);
    const diff = suggestionDiff(plan, result.plan, catalog);
    const after = new Map(diff.milestones.map((m) => [m.milestoneId, m.after]));
    expect(after.get('m2')!.start! > after.get('m1')!.end!).toBe(true);
    expect(after.get('m3')!.start! > after.get('m2')!.end!).toBe(true);
    expect(analyzePlan(result.plan, catalog).problems.filter((p) => p.kind === 'milestone-dependency-order')).toEqual([]);
  });
});

describe('auto-plan options on the bundled example', () => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp({ now: () => new Date('2025-12-10T09:00:00Z') });
  });
  afterAll(() => app.dispose());

  it('earliest finish keeps every date and offering by default; the example declares M2 after M1 and M3 after M2', async () => {
    const { plan } = app.services.plan.load();
    expect(plan.milestones.map((m) => [m.code, m.dependsOn ?? []])).toEqual([
      ['M1', []],
      ['M2', ['m1']],
      ['M3', ['m2']],
    ]);
    const answer = await app.services.optimize.suggest({ objective: 'finish' });
    const phases = (p: Plan) => p.milestones.flatMap((m) => m.phases.map((ph) => [ph.id, ph.start, ph.end, ph.offeringId]));
    expect(phases(answer.result.plan)).toEqual(phases(plan));
    expect(
      answer.result.addedAllocations.every((a) =>
        plan.milestones.some((m) => m.phases.some((p) => p.id === a.phaseId && p.offeringId === a.offeringId)),
      ),
    ).toBe(true);
  });

  it('earliest finish with dates freed: M2 starts after M1 ends and M3 after M2 (no shared date), in the diff and once promoted', async () => {
    const before = app.services.plan.load('vitaldb-2025');
    const answer = await app.services.optimize.optimize({ objective: 'finish', allowDates: true, saveAs: 'Earliest, dates freed' });
    const after = new Map(answer.diff.milestones.map((m) => [m.milestoneId, m.after]));
    const dates = (id: string) => after.get(id) ?? span(before.plan, id);
    expect(dates('m2').start! > dates('m1').end!).toBe(true);
    expect(dates('m3').start! > dates('m2').end!).toBe(true);
    const accepted = app.services.optimize.acceptSuggestion({
      projectId: 'vitaldb-2025',
      revision: before.revision,
      scenarioId: answer.scenarioId!,
    });
    expectStartsAfterPrerequisites(app.services.plan.load('vitaldb-2025').plan);
    app.services.plan.undo({ projectId: 'vitaldb-2025', revision: accepted.revision });
  });

  it('with dates freed (--window deadline, the older name), M3 still starts after M2 ends', async () => {
    const answer = await app.services.optimize.suggest({ objective: 'finish', window: 'deadline' });
    const plan = answer.result.plan;
    expect(span(plan, 'm3').start >= span(plan, 'm2').end).toBe(true);
    expect(span(plan, 'm2').start >= span(plan, 'm1').end).toBe(true);
    expect(analyzePlan(plan, answer.catalog).problems.filter((p) => p.kind === 'milestone-dependency-order')).toEqual([]);
  });
});

describe('least change (issue 27 item 6)', () => {
  /** GPU-hours by phase, offering and week of a plan's milestone bookings. */
  const work = (plan: Plan) => {
    const out = new Map<string, number>();
    for (const a of plan.allocations)
      if (a.phaseId)
        out.set(`${a.phaseId}|${a.offeringId}|${a.week}`, (out.get(`${a.phaseId}|${a.offeringId}|${a.week}`) ?? 0) + a.hours * a.gpuCount);
    return out;
  };
  const moved = (before: Plan, after: Plan) => {
    const a = work(before);
    const b = work(after);
    return [...new Set([...a.keys(), ...b.keys()])].reduce((s, k) => s + Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0)), 0);
  };

  it('a plan that meets everything is kept as it is: nothing moves', async () => {
    const { plan, catalog } = twoTracks();
    const result = await solve(plan, catalog, { objective: 'change' });
    expect(moved(plan, result.plan)).toBeCloseTo(0, 6);
  });

  it('a short milestone gets only what it lacks, beside its booking; the other bookings stay; the same answer twice', async () => {
    const { plan, catalog } = twoTracks();
    // M2 is short by 25 GPU-hours (35 of 60 booked in W04); least cost would move its work to wherever is cheapest
    const short: Plan = { ...plan, allocations: plan.allocations.map((a) => (a.id === 'b2' ? { ...a, hours: 35 } : a)) };
    const first = await solve(short, catalog, { objective: 'change' });
    expect(first.status).toBe('optimal');
    expect(moved(short, first.plan)).toBeCloseTo(25, 1);
    expect(work(first.plan).get('m1-p|gcp-l4|2026-W02')).toBe(20);
    expect(work(first.plan).get('m3-p|gcp-l4|2026-W11')).toBe(40);
    expect(analyzePlan(first.plan, catalog).problems.filter((p) => p.severity === 'error')).toEqual([]);
    const second = await solve(short, catalog, { objective: 'change' });
    expect(JSON.stringify(second.plan)).toBe(JSON.stringify(first.plan));
    expect(second.addedAllocations).toEqual(first.addedAllocations);
  });
});

describe('a diff before anything changes (issue 27 item 3)', () => {
  let app: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    app = createTestApp({ now: () => new Date('2025-12-10T09:00:00Z') });
  });
  afterAll(() => app.dispose());

  it('per milestone and in total; promoting applies exactly that diff as one undoable step, kept for the PDF', async () => {
    const before = app.services.plan.load('vitaldb-2025');
    const answer = await app.services.optimize.optimize({ objective: 'cost', allowDates: true, saveAs: 'Least cost, dates freed' });
    const { diff } = answer;
    const analysis = (plan: Plan) => analyzePlan(plan, app.services.plan.catalog()).totals;
    expect(diff.before.cost).toBe(Number(analysis(before.plan).allCostsUsd).toFixed(2));
    expect(diff.milestones.length).toBeGreaterThan(0);
    for (const m of diff.milestones) expect(m.changes.length).toBeGreaterThan(0);
    // dates freed: whatever moved, the order holds in the diff's own dates
    const after = new Map(diff.milestones.map((m) => [m.milestoneId, m.after]));
    const m2 = after.get('m2');
    const m3 = after.get('m3');
    if (m2 && m3) expect(m3.start! >= m2.end!).toBe(true);

    const accepted = app.services.optimize.acceptSuggestion({
      projectId: 'vitaldb-2025',
      revision: before.revision,
      scenarioId: answer.scenarioId!,
    });
    expect(Number(accepted.analysis.totals.allCostsUsd).toFixed(2)).toBe(diff.after.cost);
    // every milestone's hours after are at least what the plan's checks count toward it (a booking M2 and M3 share
    // is labelled with one phase only: M3 once showed "240 → 0")
    const covered = new Map<string, number>();
    for (const p of accepted.analysis.phases) covered.set(p.milestoneId, (covered.get(p.milestoneId) ?? 0) + p.allocatedHours);
    for (const m of diff.milestones) expect(m.after.gpuHours).toBeGreaterThanOrEqual((covered.get(m.milestoneId) ?? 0) - 0.01);
    expect(diff.milestones.find((m) => m.code === 'M3')?.after.gpuHours).toBeGreaterThan(0);
    const promotion = app.services.plan.lastPromotion('vitaldb-2025');
    expect(promotion?.diff).toEqual(diff);
    expect(promotion?.label).toBe('Least cost, dates freed');

    // the review PDF's Milestones section lists what moved, from that diff
    const report = await app.services.report.getReportModel({ projectId: 'vitaldb-2025' });
    expect(report.whatMoved?.label).toBe('Least cost, dates freed');
    expect(report.whatMoved?.lines.at(-1)).toMatch(/^Plan: cost \$[\d.,]+ → \$[\d.,]+; finish /);
    expect(report.whatMoved?.lines).toHaveLength(diff.milestones.length + 1);

    // one undo restores the plan, and forgets what the promotion moved
    app.services.plan.undo({ projectId: 'vitaldb-2025', revision: accepted.revision });
    const restored = app.services.plan.load('vitaldb-2025').plan;
    const sorted = (p: Plan) =>
      JSON.stringify([
        [...p.allocations].sort((a, b) => (a.id < b.id ? -1 : 1)),
        p.milestones.map((m) => m.phases.map((ph) => [ph.start, ph.end, ph.offeringId])),
      ]);
    expect(sorted(restored)).toBe(sorted(before.plan));
    expect(app.services.plan.lastPromotion('vitaldb-2025')).toBeNull();
    expect((await app.services.report.getReportModel({ projectId: 'vitaldb-2025' })).whatMoved).toBeNull();

    // redo applies the suggestion again, and with it what it moved
    const redone = app.services.plan.redo({ projectId: 'vitaldb-2025', revision: app.services.plan.load('vitaldb-2025').revision });
    expect(Number(redone.analysis.totals.allCostsUsd).toFixed(2)).toBe(diff.after.cost);
    expect(app.services.plan.lastPromotion('vitaldb-2025')).toMatchObject({
      label: 'Least cost, dates freed',
      diff,
      revision: redone.revision,
    });
    expect((await app.services.report.getReportModel({ projectId: 'vitaldb-2025' })).whatMoved?.lines).toEqual(report.whatMoved?.lines);
  });
});
