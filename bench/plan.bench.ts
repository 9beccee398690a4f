import { measure, type BenchReport } from './bench-kit';
import { analyzePlan } from '../shared/domain/plan/checks';
import { execute, emptyHistory, moveAllocationsCommand } from '../shared/domain/plan/commands';
import { syntheticPlan } from '../shared/domain/plan/synthetic';
import { validateCommand } from '../shared/domain/plan/validation';
import { addWeeksToKey } from '../shared/domain/plan/weeks';
import { parsePlanText } from '../shared/domain/project/text-plan';

/** Plan: checks + weekly totals recomputed after one edit on 20 tracks × 104 weeks × 10 pools (target < 20 ms). */
export async function run(report: BenchReport): Promise<void> {
  const { plan, catalog } = syntheticPlan({ tracks: 20, weeks: 104, pools: 10 });
  report.log(
    `synthetic plan: ${plan.tracks.length} tracks, 104 weeks, ${plan.pools.length} pools, ${plan.allocations.length} allocations, ${plan.milestones.length} milestones`,
  );
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
  report.figure('one edit → validate + apply + checks + weekly totals (median)', t.medianMs, 'ms', {
    target: '< 20 ms',
    ok: t.medianMs < 20,
  });
  report.figure('one edit → validate + apply + checks + weekly totals (p95)', t.p95Ms, 'ms', { target: '< 20 ms', ok: t.p95Ms < 20 });
  const only = await measure(() => analyzePlan(state.plan, catalog), { iterations: 60, warmup: 5 });
  report.figure('checks + weekly totals alone (median)', only.medianMs, 'ms');
  await runPlanText(report);
  await runScroll(report);
}

/** Texts that made "Import plan from text" backtrack from every character over every character (issue 26 item 10). */
function hostilePlanTexts(bytes: number): Record<string, string> {
  return {
    'hardware "(" run': `## Available Hardware ${'('.repeat(bytes)}`,
    'track "(a" run': `**Track 1: ${'(a'.repeat(bytes / 2)}`,
    'milestone "M1 (" run': `### ${'M1 ('.repeat(bytes / 4)}`,
    'digit run in a range': `| Milestone | Runs | Training Runs | Cost | Total |\n|---|---|---|---|---|\n| M1 | x | ${'1'.repeat(bytes)} |`,
  };
}

/**
 * Import plan from text on hostile text: 1 MB and 10 MB of each shape, timed in the same run; the ratio is the
 * figure (about 10 when the parser is linear; quadratic ≈ 100: it took 20 s for 100 KB when it backtracked).
 */
export async function runPlanText(report: BenchReport): Promise<void> {
  const small = hostilePlanTexts(1_000_000);
  const large = hostilePlanTexts(10_000_000);
  let largestMs = 0;
  for (const shape of Object.keys(small)) {
    const one = await measure(() => parsePlanText(small[shape]!, []), { iterations: 15, warmup: 3 });
    const ten = await measure(() => parsePlanText(large[shape]!, []), { iterations: 3, warmup: 1 });
    largestMs = Math.max(largestMs, ten.medianMs);
    const ratio = ten.medianMs / Math.max(one.medianMs, 0.001);
    report.figure(`plan text, ${shape}: 10 MB / 1 MB time`, ratio, '×', {
      target: '< 40 (linear ≈ 10; quadratic ≈ 100)',
      ok: ratio < 40,
    });
  }
  report.figure('plan text: slowest hostile 10 MB (median)', largestMs, 'ms', { target: '< 1000 ms', ok: largestMs < 1000 });
}

/**
 * Timeline scroll in the browser harness (the built renderer in Chromium, window.api bridged to the real handler
 * table, as in e2e/fixtures.ts): the 20 × 104 × 10 plan loaded, the timeline scrolled across all its weeks and down
 * its lanes, one step per animation frame; frame intervals over 1.5 × 16.7 ms count as dropped. The same scroll runs
 * with the pointer resting over the timeline (hover hit-testing every frame, as when scrolling with a wheel), and on a
 * control: a plain element of the timeline's size and scroll size with a painted grid, in the same browser, so the
 * harness's own floor (software raster and compositing on a shared 2-core machine) is measured beside it.
 */
/** Runs in the page (a string, as the bench compiles without DOM types): one scroll step per animation frame. */
const SCROLL_SCRIPT = `(async () => {
  const el = document.querySelector(globalThis.__scrollTarget || '.pt-scroll');
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
  const { planTestResources } = await import('../electron/test-support/plan-test-resources');
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
      return route.fulfill({
        status: 200,
        body: fs.readFileSync(file),
        headers: { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' },
      });
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
    report.log(
      `timeline DOM: ${await page.evaluate('document.querySelectorAll(".pt-scroll *").length')} elements mounted (${await page.evaluate('document.querySelectorAll("*").length')} in the page)`,
    );
    const metrics = await page.context().newCDPSession(page);
    await metrics.send('Performance.enable');
    const mainThread = async () => {
      const { metrics: m } = (await metrics.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
      const get = (n: string) => (m.find((x) => x.name === n)?.value ?? 0) * 1000;
      return { task: get('TaskDuration'), script: get('ScriptDuration'), style: get('RecalcStyleDuration'), layout: get('LayoutDuration') };
    };
    const scroll = async (label: string) => {
      await page.evaluate(
        '(() => { const el = document.querySelector(globalThis.__scrollTarget || ".pt-scroll"); el.scrollLeft = 0; el.scrollTop = 0; })()',
      );
      await page.waitForTimeout(300);
      const before = await mainThread();
      const frames = (await page.evaluate(SCROLL_SCRIPT)) as { intervals: number[]; maxX: number; maxY: number };
      const after = await mainThread();
      const sorted = [...frames.intervals].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      const n = frames.intervals.length;
      const per = (k: keyof typeof before) => ((after[k] - before[k]) / n).toFixed(1);
      const other = (
        (after.task - before.task - (after.script - before.script) - (after.style - before.style) - (after.layout - before.layout)) /
        n
      ).toFixed(1);
      const long = frames.intervals.flatMap((d, i) => (d > 25 ? [`#${i} ${d.toFixed(0)} ms`] : []));
      report.log(
        `${label}: ${frames.maxX} px across, ${frames.maxY} px down in ${n} frames; renderer main thread per frame: ${per('task')} ms = script ${per('script')} + style ${per('style')} + layout ${per('layout')} + paint, compositing and the rest ${other}${long.length > 0 ? `; frames over 25 ms: ${long.join(', ')} (frames 60, 120, 180 follow the jump back to the top)` : ''}`,
      );
      return { median: at(0.5), p95: at(0.95), dropped: frames.intervals.filter((d) => d > 25).length, frames };
    };
    const cdp = process.env.PLAN_SCROLL_PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    if (process.env.PLAN_SCROLL_H_ONLY) await page.evaluate('globalThis.__hOnly = true');
    const main = await scroll('timeline scroll');
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: {
          nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
          samples: number[];
          timeDeltas: number[];
        };
      };
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const n = byId.get(id)!;
        const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
      });
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) report.log(`profile ${(v / 1000).toFixed(0)} ms ${k}`);
    }
    // What the scroll ends on is drawn (once its scroll event has run): the middle of the week area is a cell or bar.
    const middle = await page.evaluate(`(async () => {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      const r = document.querySelector('.pt-scroll').getBoundingClientRect();
      const el = document.elementFromPoint(r.left + 220 + (r.width - 220) / 2, r.top + r.height / 2);
      return el && el.closest('[data-cell], .pt-bar') ? 'a cell' : (el ? el.className : 'nothing');
    })()`);
    if (middle !== 'a cell')
      report.log(`timeline scroll: WARNING the middle of the timeline shows ${String(middle)} after the scroll, not a cell`);
    report.figure('timeline scroll: median frame interval', main.median, 'ms', { target: '≈ 16.7 ms (60 Hz)' });
    report.figure('timeline scroll: p95 frame interval', main.p95, 'ms');
    report.figure('timeline scroll: frames over 25 ms (dropped)', main.dropped, 'frames', { target: '0', ok: main.dropped === 0 });

    // The pointer over the timeline, as when scrolling with a wheel: Chromium hit-tests and updates hover every frame.
    const box = (await page.locator('.pt-scroll').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = await scroll('timeline scroll, pointer over it');
    report.figure('timeline scroll, pointer over it: p95 frame interval', hover.p95, 'ms');
    report.figure('timeline scroll, pointer over it: frames over 25 ms (dropped)', hover.dropped, 'frames', {
      target: '0',
      ok: hover.dropped === 0,
    });
    await page.mouse.move(0, 0);

    // Control: the harness's floor. A plain scroller of the timeline's size and scroll size (a painted grid, nothing
    // else), in place of the app, scrolled by the same script.
    await page.evaluate(`(() => {
      const src = document.querySelector('.pt-scroll');
      const r = src.getBoundingClientRect();
      const control = document.createElement('div');
      control.className = 'bench-control';
      control.style.cssText = 'position:fixed;left:' + r.left + 'px;top:' + r.top + 'px;width:' + src.offsetWidth + 'px;height:' + src.offsetHeight + 'px;overflow:auto;will-change:scroll-position;background:#fff';
      const inner = document.createElement('div');
      inner.style.cssText = 'width:' + src.scrollWidth + 'px;height:' + src.scrollHeight + 'px;background:repeating-linear-gradient(90deg,#fff 0 111px,#e3e6eb 111px 112px),repeating-linear-gradient(180deg,transparent 0 121px,#e3e6eb 121px 122px)';
      control.appendChild(inner);
      document.querySelector('#root').style.display = 'none';
      document.body.appendChild(control);
      globalThis.__scrollTarget = '.bench-control';
    })()`);
    const control = await scroll('control (plain scroller, same size)');
    report.figure('control scroll (plain scroller of the same size): p95 frame interval', control.p95, 'ms');
    report.figure('control scroll (plain scroller of the same size): frames over 25 ms', control.dropped, 'frames');
  } finally {
    await browser.close();
    ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    res.remove();
  }
}
