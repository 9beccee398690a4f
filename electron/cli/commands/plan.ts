import { parseArgs } from 'node:util';
import { EXIT_OK, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';

const USAGE = 'usage: gpu-planner plan show [--project ID] [--db PATH] [--json]';

/** `gpu-planner plan show [--project ID] --json` — spec/cli.md; default: the bundled example project. */
export async function runPlanCommand(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { db: { type: 'string' }, project: { type: 'string' }, json: { type: 'boolean', default: false } } });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals[0] !== 'show' || positionals.length > 1) throw new UsageError(USAGE);
  const app = openCliServices(values, io);
  try {
    await app.services.plan.refreshEstimates(values.project); // estimates kept current with prices and workloads
    const shown = app.services.plan.show(values.project);
    if (values.json) {
      printJson(io, shown);
      return EXIT_OK;
    }
    const p = shown.project;
    io.stdout(`${p.name} (${p.id})  ${p.start} → ${p.end}  budget ${p.currency} ${p.budget}\n`);
    for (const t of shown.tracks) io.stdout(`  track ${t.name} — ${t.owner}  ${t.start} → ${t.end}\n`);
    for (const m of shown.milestones) io.stdout(`  ${m.code} ${m.name}  ${m.start} → ${m.end}  ${m.offeringId ?? 'no hardware'}  ~${m.estimatedHours} GPU-h, ~$${m.estimatedUsd}\n`);
    io.stdout('\nweek       start       GPU-h      USD   cumulative\n');
    for (const w of shown.weeks) io.stdout(`${w.week}  ${w.start}  ${String(w.gpuHours).padStart(6)}  ${w.usd.padStart(8)}  ${w.cumulativeUsd.padStart(9)}  ${w.allocations.map((a) => `${a.trackId}:${a.gpuId}×${a.gpuCount} ${a.hours}h`).join(', ')}\n`);
    io.stdout(`\nTotal ${shown.totals.gpuHours} GPU-h, $${shown.totals.usd} of $${shown.totals.budget}\n`);
    if (shown.conflicts.length) io.stdout(`\nProblems (${shown.conflicts.length}):\n`);
    for (const c of shown.conflicts) io.stdout(`  [${c.severity}] ${c.week ?? ''} ${c.kind}: ${c.message}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
