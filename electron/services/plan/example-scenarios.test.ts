/**
 * The bundled examples' scenarios scale hours by the app's own estimator, never by a ratio the document states (issue
 * 31 item 4): for every milestone phase a scenario moves to another offering, its hours factor is the estimator's
 * GPU-hours (wall clock × the run's GPUs) of a run on the new offering ÷ those on the old one, and its words name the bound that sets them
 * (where the GPUs differ and the hours do not, the bound is the reason).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProjectFile } from '../../../shared/domain/plan/example';
import { bundledClaimContext, bundledJson } from '../../test-support/bundled-data';
import { resourcesDir } from '../../test-support/paths';

const ctx = bundledClaimContext(null);
const gpuOf = new Map(ctx.offerings.map((o) => [o.id, o.gpuId]));
const files = fs
  .readdirSync(path.join(resourcesDir, 'example'))
  .filter((f) => f.endsWith('.json'))
  .sort();

type Result = ReturnType<typeof ctx.estimate>['results'][number];

/**
 * GPU-hours of one run on the offering (what a booking counts and bills): its wall-clock hours × the GPUs the run uses
 * there (all of a multi-GPU instance's, issue 28 item 8), the least of its price kinds.
 */
function wallHours(result: Result, offeringId: string): number {
  const rows = (result.training?.offerings ?? []).filter((o) => o.offeringId === offeringId);
  expect(rows.length, `${offeringId} prices the run on ${result.gpuId}`).toBeGreaterThan(0);
  return Math.min(...rows.map((o) => (o.wallClock?.hours ?? o.hours) * (o.setup?.gpus ?? 1)));
}

/** The bound of a run on an offering, in the words a scenario uses. */
function boundWords(result: Result, offeringId: string): string {
  const wall = result.training?.offerings.find((o) => o.offeringId === offeringId)?.wallClock ?? result.training?.wallClock;
  if (wall?.bound === 'input') return 'input-bound';
  return result.throughput.bound === 'overhead' ? 'launch-bound' : `${result.throughput.bound}-bound`;
}

interface Moved {
  file: string;
  scenario: string;
  phase: string;
  from: string;
  to: string;
  factor: number;
  ratio: number;
  bound: string;
  variation: string;
}

function movedPhases(file: string): Moved[] {
  const example = parseProjectFile(bundledJson('example', file), file);
  return example.scenarios.flatMap((s) =>
    example.plan.milestones.flatMap((m) =>
      m.phases.flatMap((p) => {
        const to = p.offeringId ? s.spec.offeringMap[p.offeringId] : undefined;
        if (!p.workload || !p.offeringId || !to) return [];
        const fromGpu = gpuOf.get(p.offeringId) ?? p.gpuId!;
        const toGpu = s.spec.targetGpu[to] ?? gpuOf.get(to)!;
        const hours = (gpuId: string, offeringId: string) => {
          const r = ctx.estimate(p.workload, [gpuId]).results.find((x) => x.gpuId === gpuId)!;
          return { h: wallHours(r, offeringId), r };
        };
        const a = hours(fromGpu, p.offeringId);
        const b = hours(toGpu, to);
        return [
          {
            file,
            scenario: s.id,
            phase: p.id,
            from: p.offeringId,
            to,
            factor: s.spec.hoursFactor[p.offeringId] ?? 1,
            ratio: b.h / a.h,
            bound: boundWords(b.r, to),
            variation: s.variation,
          },
        ];
      }),
    ),
  );
}

const moved = files.flatMap(movedPhases);

describe("the examples' scenarios scale hours by the estimator (issue 31 item 4)", () => {
  it('moves phases in the VitalDB options and in the PRS-Med platforms', () => {
    const scenarios = new Set(moved.map((m) => `${m.file}#${m.scenario}`));
    expect(scenarios).toContain('vitaldb-project.json#option-1-cost-optimized');
    expect(scenarios).toContain('vitaldb-project.json#option-3-performance');
    expect(scenarios).toContain('seed-002-prs-med-project.json#s-vastai-a100');
  });

  it.each(moved.map((m) => [`${m.file} ${m.scenario} ${m.phase}: ${m.from} → ${m.to}`, m] as const))(
    '%s: the hours factor is the estimator’s wall-clock ratio',
    (_name, m) => {
      expect({ phase: m.phase, factor: m.factor }).toEqual({ phase: m.phase, factor: expect.closeTo(m.ratio, 2) as number });
    },
  );

  it.each(moved.filter((m) => gpuOf.get(m.from) !== gpuOf.get(m.to)).map((m) => [`${m.scenario} ${m.phase}`, m] as const))(
    '%s: the scenario names the bound that sets the hours on the new GPU',
    (_name, m) => {
      expect(m.variation).toContain(m.bound);
    },
  );

  it('the VitalDB options keep the hours: the estimator gives each phase the same wall-clock hours on T4, L4 and A100', () => {
    const vitaldb = moved.filter((m) => m.file === 'vitaldb-project.json');
    expect(vitaldb.map((m) => `${m.scenario} ${m.phase} × ${m.factor}`)).toEqual([
      'option-1-cost-optimized m1-training × 1',
      'option-1-cost-optimized m2-experimentation × 1',
      'option-1-cost-optimized m2-final × 1',
      'option-1-cost-optimized m3-training × 1',
      'option-3-performance m1-training × 1',
      'option-3-performance m2-experimentation × 1',
    ]);
  });
});
