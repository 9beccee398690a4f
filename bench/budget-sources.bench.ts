import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAppContext } from '../electron/services/app-context';
import { monthsFrom, writeMonthDelivery } from '../electron/test-support/aws-deliveries';
import { measure, type BenchReport } from './bench-kit';

/**
 * Billing sources (issue 14): a folder of 100 AWS CUR files (50 monthly deliveries of two parts, with their manifests)
 * synced once, then synced again unchanged — the sync a watcher or the periodic rescan runs most of the time.
 * Target: the unchanged sync under 1 s.
 */
export async function run(report: BenchReport): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-bench-sources-'));
  const app = createAppContext({ dataDir: dir, runtime: 'cli' });
  try {
    const folder = path.join(dir, 'cur-mirror');
    monthsFrom('2021-01', 50).forEach((m, i) => writeMonthDelivery(folder, m, 1, { parts: 2, at: new Date(Date.UTC(2021, i + 1, 2)) }));
    const source = app.services.budget.addSource(folder);
    const start = performance.now();
    const [first] = await app.services.budget.syncSources(source.id);
    report.figure('first sync of 100 files (50 deliveries × 2 parts)', performance.now() - start, 'ms', {
      note: `${first!.imported.length} files imported`,
    });
    const timing = await measure(
      async () => {
        const [again] = await app.services.budget.syncSources(source.id);
        if (again!.unchanged !== 100 || again!.imported.length > 0) throw new Error('the folder was not unchanged');
      },
      { iterations: 20, warmup: 2 },
    );
    report.figure('sync of an unchanged folder of 100 files (median)', timing.medianMs, 'ms', {
      target: '< 1000 ms',
      ok: timing.medianMs < 1000,
    });
    report.figure('sync of an unchanged folder of 100 files (p95)', timing.p95Ms, 'ms', { target: '< 1000 ms', ok: timing.p95Ms < 1000 });
  } finally {
    app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
