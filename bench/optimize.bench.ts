/**
 * Auto-plan: the example plan solved to optimality (target < 1 s), and a large plan — 20 tracks × 104 weeks ×
 * 10 pools × 40 milestones — solved within 1 % of optimal (target < 10 s) in the solver worker while the main
 * thread stays free (longest stall, target ≤ 16 ms).
 */
import path from 'node:path';
import { createAppContext } from '../electron/services/app-context';
import { loadHighs } from '../electron/worker/highs-solver';
import { runSchedule, type ScheduleRequest } from '../electron/worker/run-schedule';
import { createSolverClient } from '../electron/worker/optimizer-client';
import { tempDir } from '../electron/test-support/paths';
import { buildScheduleModel } from '../shared/domain/plan/optimize/schedule-model';
import { syntheticPlan } from '../shared/domain/plan/synthetic';
import type { Plan, PlanCatalog } from '../shared/domain/plan/types';
import type { BenchReport } from './bench-kit';
import { consoleLogger } from '../electron/services/logger';

/** The benchmark's large plan: the synthetic plan with two milestones per track and one kept booking in eight. */
export function largeOptimizePlan(): { plan: Plan; catalog: PlanCatalog } {
  const { plan, catalog } = syntheticPlan({ tracks: 20, weeks: 104, pools: 10 });
  const offerings = catalog.offerings.map((o) => ({ ...o, gpuCount: 1, vcpus: 12 }));
  return {
    catalog: { offerings },
    plan: {
      ...plan,
      pools: plan.pools.map((p, i) => (p.unit === 'vcpus' ? { ...p, capacity: 12 * (2 + (i % 3)) } : p)),
      milestones: plan.milestones.filter((m) => m.position === 1 || m.position === 3),
      allocations: plan.allocations.filter((a, i) => i % 8 === 0).map((a) => ({ ...a, gpuCount: 1, hours: Math.min(a.hours, 40) })),
    },
  };
}

export async function run(report: BenchReport): Promise<void> {
  let t = performance.now();
  await loadHighs();
  report.figure('HiGHS WebAssembly load (once per process)', Math.round(performance.now() - t), 'ms');

  const temp = tempDir();
  const app = createAppContext({ dataDir: temp.dir, runtime: 'cli', resourcesDir: path.resolve(__dirname, '..', '..', 'resources') });
  try {
    const view = await app.services.plan.getPlan();
    const request: ScheduleRequest = {
      plan: view.plan,
      catalog: view.catalog,
      options: { objective: 'cost', window: 'deadline' },
      timeLimitSeconds: 30,
      mipRelGap: 1e-4,
      now: new Date().toISOString(),
    };
    const times: number[] = [];
    let status = '';
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      const result = await runSchedule(request);
      times.push(performance.now() - t);
      status = result.status;
    }
    times.sort((a, b) => a - b);
    const median = times[2]!;
    report.figure('example plan (seed 001) to optimality: model, solve, schedule, median of 5', Math.round(median), 'ms', {
      target: '< 1000 ms',
      ok: median < 1000 && status === 'optimal',
      note: `status ${status}; runs ${times.map((x) => Math.round(x)).join(', ')} ms`,
    });
  } finally {
    app.close();
    temp.remove();
  }

  const large = largeOptimizePlan();
  const built = buildScheduleModel(large.plan, large.catalog, { objective: 'cost' });
  report.log(
    `large plan: ${large.plan.tracks.length} tracks, ${large.plan.milestones.length} milestones, ${large.plan.pools.length} pools, ${built.weeks.length} weeks → ${built.model.variables.length} variables (${built.model.variables.filter((v) => v.type !== 'continuous').length} binary), ${built.model.rows.length} rows`,
  );
  const client = createSolverClient({ useWorker: true, logger: consoleLogger });
  // The app starts its solver worker once, ahead of the first suggestion; measured here apart from the solve.
  t = performance.now();
  await client
    .solve({
      plan: large.plan,
      catalog: large.catalog,
      options: { objective: 'cost' },
      timeLimitSeconds: 1,
      mipRelGap: 0.5,
      now: new Date().toISOString(),
    })
    .catch(() => null);
  report.figure('solver worker start and a first short solve (once per app start)', Math.round(performance.now() - t), 'ms');
  let longest = 0;
  let longestAt = 0;
  let last = performance.now();
  // Besides the wall-clock gap between ticks (which also counts time the OS gave the core to another process), the
  // event loop's ACTIVE time between ticks (performance.eventLoopUtilization: time spent running callbacks, not waiting):
  // the longest synchronous work the main thread did, which is what blocks the UI.
  let longestActive = 0;
  let lastElu = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.now();
    const elu = performance.eventLoopUtilization();
    longestActive = Math.max(longestActive, performance.eventLoopUtilization(elu, lastElu).active);
    lastElu = elu;
    if (now - last - 1 > longest) {
      longest = now - last - 1;
      longestAt = last - t;
    }
    last = now;
  }, 1);
  t = performance.now();
  const pending = client.solve({
    plan: large.plan,
    catalog: large.catalog,
    options: { objective: 'cost' },
    timeLimitSeconds: 60,
    mipRelGap: 0.01,
    now: new Date().toISOString(),
  });
  report.log(`synchronous part of starting the solve: ${Math.round(performance.now() - t)} ms`);
  const result = await pending;
  const seconds = (performance.now() - t) / 1000;
  clearInterval(timer);
  report.figure('20 tracks × 104 weeks × 10 pools × 40 milestones within 1 % of optimal, in the worker', Number(seconds.toFixed(2)), 's', {
    target: '< 10 s',
    ok: seconds < 10 && (result.gap ?? 1) <= 0.01,
    note: `status ${result.status}, gap ${result.gap === null ? '—' : (result.gap * 100).toFixed(2) + ' %'}, ${result.addedAllocations.length} bookings, ${result.cost.toFixed(2)} (plan currency)`,
  });
  // Control: the same timer with nothing running, as long, on the same machine in the same run (scheduler noise).
  const control = await new Promise<number>((resolve) => {
    let worst = 0;
    let previous = performance.now();
    const idle = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - previous - 1);
      previous = now;
    }, 1);
    setTimeout(() => {
      clearInterval(idle);
      resolve(worst);
    }, seconds * 1000);
  });
  await client.dispose();
  report.figure(
    'main thread: longest synchronous work during that solve (event loop active between 1 ms ticks)',
    Number(longestActive.toFixed(1)),
    'ms',
    {
      target: '≤ 16 ms',
      ok: longestActive <= 16,
      note: `wall-clock gap between ticks, which also counts the OS running other processes: longest ${Math.round(longest)} ms at ${Math.round(longestAt)} ms into the solve; idle control over the same time: ${Math.round(control)} ms`,
    },
  );
}
