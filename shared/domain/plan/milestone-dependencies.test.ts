/** Milestone order (issue 27 item 2): dependencies validated (unknown, self, cycle) with their path, checked against dates. */
import { describe, expect, it } from 'vitest';
import { buildPlanFile, parsePlanFile, serializePlanFile } from '../project/plan-file';
import { analyzePlan } from './checks';
import { applyCommand, removeMilestoneCommand, removeMilestoneQuestion } from './commands';
import { dependencyProblems } from './milestone-dependencies';
import { loadExample, plannedCatalog } from './test-fixtures';
import type { Plan } from './types';
import { validateCommand } from './validation';

const withDeps = (plan: Plan, deps: Record<string, string[]>): Plan => ({
  ...plan,
  milestones: plan.milestones.map((m) => (deps[m.id] ? { ...m, dependsOn: deps[m.id] } : m)),
});

describe('milestone dependencies', () => {
  it('the example declares M2 after M1 and M3 after M2, and its dates keep that order (no problem)', () => {
    const { plan } = loadExample();
    expect(plan.milestones.map((m) => m.dependsOn ?? [])).toEqual([[], ['m1'], ['m2']]);
    expect(dependencyProblems(plan.milestones)).toEqual([]);
    expect(analyzePlan(plan, plannedCatalog(plan)).problems.filter((p) => p.kind === 'milestone-dependency-order')).toEqual([]);
  });

  it('refuses an unknown id, a milestone after itself and a loop, naming the field', () => {
    const { plan } = loadExample();
    const catalog = plannedCatalog(plan);
    const m1 = plan.milestones[0]!;
    const errs = (dependsOn: string[]) =>
      validateCommand(plan, catalog, { type: 'upsert', entity: 'milestone', value: { ...m1, dependsOn } }).errors.map(
        (e) => `${e.field}: ${e.message}`,
      );
    expect(errs(['m9'])).toEqual(['dependsOn.0: M1 comes after "m9", which is not a milestone of this plan.']);
    expect(errs(['m1'])).toEqual(['dependsOn.0: M1 cannot come after itself.']);
    expect(errs(['m3'])).toEqual([
      "dependsOn.0: The milestones' order loops: M1 before M2 before M3 before M1. Remove one of these dependencies.",
    ]);
    // a milestone another depends on cannot be deleted alone
    expect(validateCommand(plan, catalog, { type: 'remove', entity: 'milestone', id: 'm2' }).errors.map((e) => e.message)).toEqual([
      'M3 comes after this milestone; remove that dependency first.',
    ]);
    // … so the app asks, and deletes it with the dependency dropped, in one undoable step
    expect(removeMilestoneQuestion(plan, 'm2')).toBe('M3 depends on M2. Delete M2 and drop that dependency?');
    expect(removeMilestoneQuestion(plan, 'm3')).toBeNull();
    const command = removeMilestoneCommand(plan, 'm2');
    const checked = validateCommand(plan, catalog, command);
    expect(checked.errors).toEqual([]);
    const applied = applyCommand(plan, command);
    expect(applied.plan.milestones.map((m) => [m.id, m.dependsOn ?? []])).toEqual([
      ['m1', []],
      ['m3', []],
    ]);
    const byId = (p: Plan) => [...p.milestones].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(applyCommand(applied.plan, applied.inverse).plan)).toEqual(byId(plan));
    expect(removeMilestoneCommand(plan, 'm3')).toEqual({ type: 'remove', entity: 'milestone', id: 'm3' });
  });

  it('a plan file with a loop is refused with the JSON path of the id that closes it', () => {
    const { plan } = loadExample();
    const text = serializePlanFile(
      buildPlanFile(withDeps(plan, { m1: ['m3'] }), [], { exportedAt: '2026-01-01T00:00:00Z', exportedBy: 'test' }),
    );
    expect(() => parsePlanFile(text, 'loop.gpuplan')).toThrow(/plan\.milestones\[0\]\.dependsOn\[0\]: The milestones' order loops/);
    // and one without survives export and import
    const ok = parsePlanFile(
      serializePlanFile(buildPlanFile(plan, [], { exportedAt: '2026-01-01T00:00:00Z', exportedBy: 'test' })),
      'ok.gpuplan',
    );
    expect(ok.plan.milestones.map((m) => m.dependsOn ?? [])).toEqual([[], ['m1'], ['m2']]);
  });

  it('flags a milestone that starts before one it depends on ends (error, at the milestone)', () => {
    const { plan } = loadExample();
    const moved: Plan = {
      ...plan,
      milestones: plan.milestones.map((m) =>
        m.id === 'm3' ? { ...m, phases: m.phases.map((p) => ({ ...p, start: '2025-12-14', end: '2025-12-20' })) } : m,
      ),
    };
    const problems = analyzePlan(moved, plannedCatalog(moved)).problems.filter((p) => p.kind === 'milestone-dependency-order');
    expect(problems.map((p) => [p.severity, p.milestoneId, p.message])).toEqual([
      ['error', 'm3', 'M3 starts 2025-12-14, before M2 (which it comes after) ends 2025-12-30.'],
    ]);
  });
});
