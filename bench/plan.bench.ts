import { measure, type BenchReport } from './bench-kit';
import { analyzePlan } from '../shared/domain/plan/checks';
import { execute, emptyHistory, moveAllocationsCommand } from '../shared/domain/plan/commands';
import { syntheticPlan } from '../shared/domain/plan/synthetic';
import { validateCommand } from '../shared/domain/plan/validation';
import { addWeeksToKey } from '../shared/domain/plan/weeks';

/** Plan: checks + weekly totals recomputed after one edit on 20 tracks × 104 weeks × 10 pools (target < 20 ms). */
export async function run(report: BenchReport): Promise<void> {
  const { plan, catalog } = syntheticPlan({ tracks: 20, weeks: 104, pools: 10 });
  report.log(`synthetic plan: ${plan.tracks.length} tracks, 104 weeks, ${plan.pools.length} pools, ${plan.allocations.length} allocations, ${plan.milestones.length} milestones`);
  let state = { plan, history: emptyHistory() };
  let i = 0;
  const edit = () => {
    // One edit as the timeline makes it: move one booking a week later (alternating back), validate, apply, then recompute everything.
    const a = state.plan.allocations[(i * 37) % state.plan.allocations.length]!;
    const delta = i % 2 === 0 ? 1 : -1;
    i++;
    const command = moveAllocationsCommand(state.plan, [a.id], (w) => addWeeksToKey(w, delta));
    const { errors, applied } = validateCommand(state.plan, catalog, command);
    if (errors.length === 0) state = execute(state.plan, state.history, command, 200, applied);
    return analyzePlan(state.plan, catalog);
  };
  const analysis = edit();
  report.log(`problems found: ${analysis.problems.length}; total ${analysis.totals.gpuHours} GPU-h, $${analysis.totals.usd}`);
  const t = await measure(edit, { iterations: 200, warmup: 10 });
  report.figure('one edit → validate + apply + checks + weekly totals (median)', t.medianMs, 'ms', { target: '< 20 ms', ok: t.medianMs < 20 });
  report.figure('one edit → validate + apply + checks + weekly totals (p95)', t.p95Ms, 'ms', { target: '< 20 ms', ok: t.p95Ms < 20 });
  const only = await measure(() => analyzePlan(state.plan, catalog), { iterations: 60, warmup: 5 });
  report.figure('checks + weekly totals alone (median)', only.medianMs, 'ms');
  await runScroll(report);
}

/**
 * Timeline scroll in the browser harness (the built renderer in Chromium, window.api bridged to the real handler
 * table, as in e2e/fixtures.ts): the 20 × 104 × 10 plan loaded, the timeline scrolled across all its weeks and down
 * its lanes, one step per animation frame; frame intervals over 1.5 × 16.7 ms count as dropped.
 */
/** Runs in the page (a string, as the bench compiles without DOM types): one scroll step per animation frame. */
const SCROLL_SCRIPT = `(async () => {
  const el = document.querySelector('.pt-scroll');
  const intervals = [];
  let last = performance.now();
  const maxX = el.scrollWidth - el.clientWidth;
  const maxY = el.scrollHeight - el.clientHeight;
  const steps = 240;
  for (let i = 1; i <= steps; i++) {
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const now = performance.now();
    intervals.push(now - last);
    last = now;
    el.scrollLeft = (maxX * i) / steps;
    if (!globalThis.__hOnly) el.scrollTop = (maxY * (i % 60)) / 60;
  }
  return { intervals, maxX, maxY };
})()`;

export async function runScroll(report: BenchReport): Promise<void> {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { chromium } = await import('playwright-core');
  const { createAppContext } = await import('../electron/services/app-context');
  const { planTestResources } = await import('../electron/services/plan/plan-test-resources');
  const { insertProject } = await import('../electron/db/queries/plan');
  const { repoRoot } = await import('../electron/test-support/paths');
  const rendererDir = path.join(repoRoot, 'dist', 'renderer');
  const bridge = path.join(repoRoot, 'dist', 'e2e', 'bridge-client.js');
  if (!fs.existsSync(path.join(rendererDir, 'index.html')) || !fs.existsSync(bridge)) {
    report.log('timeline scroll: skipped — build the renderer first (npm run build)');
    return;
  }
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) {
    report.log(`timeline scroll: skipped — no Chromium at ${chromiumPath}`);
    return;
  }
  const res = planTestResources();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-bench-'));
  const ctx = createAppContext({ dataDir, resourcesDir: res.dir, runtime: 'browser-bridge' });
  const { plan } = syntheticPlan({ tracks: 20, weeks: 104, pools: 10 });
  // The synthetic plan names synthetic offerings; the timeline only needs them to exist as planned prices.
  ctx.db.transaction(() => insertProject(ctx.db, plan, { isExample: false, at: new Date().toISOString() }))();
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
    await page.route('http://gpu-planner.app/**', async (route) => {
      const url = new URL(route.request().url());
      const file = path.join(rendererDir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
      if (!file.startsWith(rendererDir) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
      return route.fulfill({ status: 200, body: fs.readFileSync(file), headers: { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' } });
    });
    await page.exposeFunction('__gpuPlannerInvoke', (channel: string, request: unknown) => ctx.handlers.dispatch(channel, request));
    await page.addInitScript({ path: bridge });
    page.on('pageerror', (error) => report.log(`renderer error: ${error.message}`));
    await page.goto('http://gpu-planner.app/index.html');
    await page.locator('.app-shell[data-ready="true"]').waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
    await page.locator('[data-plan-ready="true"]').waitFor();
    const t0 = Date.now();
    await page.getByRole('combobox', { name: 'Project' }).selectOption('synthetic');
    // Every lane is mounted (labels); week cells only near the viewport.
    await page.locator('.pt-lane').nth(19).waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('[data-cell^="track:track-0:"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    report.figure('timeline: open the 20 × 104 plan (IPC + render)', Date.now() - t0, 'ms');
    const cdp = process.env.PLAN_SCROLL_PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    if (process.env.PLAN_SCROLL_H_ONLY) await page.evaluate('globalThis.__hOnly = true');
    const frames = (await page.evaluate(SCROLL_SCRIPT)) as { intervals: number[]; maxX: number; maxY: number };
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] } };
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const n = byId.get(id)!;
        const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
      });
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) report.log(`profile ${(v / 1000).toFixed(0)} ms ${k}`);
    }
    const sorted = [...frames.intervals].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const dropped = frames.intervals.filter((d) => d > 25).length;
    report.log(`scrolled ${frames.maxX} px across and ${frames.maxY} px down in ${frames.intervals.length} frames (headless Chromium, software rendering)`);
    report.figure('timeline scroll: median frame interval', at(0.5), 'ms', { target: '≈ 16.7 ms (60 Hz)' });
    report.figure('timeline scroll: p95 frame interval', at(0.95), 'ms');
    report.figure('timeline scroll: frames over 25 ms (dropped)', dropped, 'frames', { target: '0', ok: dropped === 0 });
  } finally {
    await browser.close();
    ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    res.remove();
  }
}
