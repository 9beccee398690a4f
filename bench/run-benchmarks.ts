/**
 * Runs every domain's benchmarks and prints their figures (`npm run bench`; `npm run bench -- --quick` for smaller sizes,
 * every figure printed and no target judged; suite names after it run only those).
 */
import os from 'node:os';
import { QUICK, type BenchReport, type Figure } from './bench-kit';
import * as budget from './budget.bench';
import * as budgetSources from './budget-sources.bench';
import * as catalog from './catalog.bench';
import * as estimate from './estimate.bench';
import * as importScale from './import-scale.bench';
import * as optimize from './optimize.bench';
import * as plan from './plan.bench';
import * as report from './report.bench';

const suites = { catalog, estimate, plan, optimize, budget, 'budget-sources': budgetSources, report, 'import-scale': importScale };

async function main(): Promise<void> {
  console.log(`GPU Planner benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}`);
  const only = process.argv.slice(2).filter((a) => a !== '--quick');
  if (QUICK) console.log('quick run: smaller sizes, fewer iterations; figures printed, targets not judged');
  const all: Array<Figure & { suite: string }> = [];
  for (const [name, suite] of Object.entries(suites)) {
    if (only.length > 0 && !only.includes(name)) continue;
    console.log(`\n## ${name}`);
    const reporter: BenchReport = {
      figure(figureName, value, unit, options = {}) {
        const figure = { name: figureName, value, unit, ...options, ...(QUICK ? { ok: undefined } : {}) };
        all.push({ ...figure, suite: name });
        const mark = figure.ok === undefined ? '' : figure.ok ? '  ✔' : '  ✘';
        console.log(
          `  ${figureName}: ${Number.isInteger(value) ? value : value.toPrecision(4)} ${unit}${options.target ? `  (target ${options.target})` : ''}${mark}${options.note ? `  — ${options.note}` : ''}`,
        );
      },
      log: (text) => console.log(`  ${text}`),
    };
    await suite.run(reporter);
  }
  const missed = all.filter((f) => f.ok === false);
  console.log(
    `\n${all.length} figures, ${missed.length} off target${missed.length ? `: ${missed.map((f) => `${f.suite}/${f.name}`).join(', ')}` : ''}`,
  );
}

void main();
