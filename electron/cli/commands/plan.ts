import { offerLabel, problemKindWords } from '../../../shared/domain/report/brief';
import { gpuShortName } from '../../../shared/domain/offer-label';
import { money, toCents } from '../../../shared/domain/money-format';
import { conversionLines } from '../../../shared/domain/plan/plan-currency';
import { hoursRangeText, moneyRangeText, planRangeSentence } from '../../../shared/domain/plan/range-text';
import { diffLines } from '../../../shared/domain/plan/optimize/suggestion-diff';
import type { CatalogService } from '../../services/catalog/catalog.service';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { runPlanRunRate } from './plan-run-rate';

/** What `plan optimize --json` prints, in this order (docs/cli.md). */
const OPTIMIZE_JSON_KEYS = [
  'status',
  'objective',
  'weeks',
  'conflicts',
  'totals',
  'binding',
  'diff',
  'relaxations',
  'notFixableByScheduling',
  'scenarioId',
  'solver',
] as const;

export const USAGE = [
  'usage: gpu-planner plan show [--project ID] [--db PATH] [--json]',
  '       gpu-planner plan run-rate [--project ID] [--db PATH] [--json]',
  '       gpu-planner plan optimize [--project ID] [--scenario ID] [--objective cost|finish|change] [--allow-dates]',
  '                                 [--allow-hardware] [--allow-reorder] [--no-turns] [--runs mid|high] [--time-limit SECONDS]',
  '                                 [--save-as NAME] [--db PATH] [--json]',
].join('\n');

/** `gpu-planner plan show [--project ID] --json` — docs/cli.md; default: the bundled example project. */
export async function runPlanCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      db: { type: 'string' },
      project: { type: 'string' },
      json: { type: 'boolean', default: false },
      scenario: { type: 'string' },
      objective: { type: 'string', default: 'cost' },
      window: { type: 'string', default: 'phase' },
      runs: { type: 'string', default: 'mid' },
      'other-offerings': { type: 'boolean', default: false },
      'no-turns': { type: 'boolean', default: false },
      'allow-dates': { type: 'boolean', default: false },
      'allow-hardware': { type: 'boolean', default: false },
      'allow-reorder': { type: 'boolean', default: false },
      'time-limit': { type: 'string', default: '30' },
      'save-as': { type: 'string' },
    },
    USAGE,
  );
  const { values, positionals } = parsed;
  if (positionals[0] === 'optimize' && positionals.length === 1) return runOptimize(values, io);
  if (positionals[0] === 'run-rate' && positionals.length === 1) return runPlanRunRate(values, io);
  if (positionals[0] !== 'show' || positionals.length > 1) throw new UsageError(USAGE);
  const app = openCliServices(values, io);
  try {
    const shown = app.services.plan.show(values.project);
    if (values.json) {
      printJson(io, shown);
      return EXIT_OK;
    }
    const p = shown.project;
    const names = readableNames(app.services.catalog, shown.tracks);
    const cur = shown.totals.currency;
    const m$ = (v: string) => money(cur, toCents(v));
    io.stdout(`${p.name} (${p.id})  ${p.start} → ${p.end}  budget ${m$(shown.totals.budget)}\n`);
    for (const t of shown.tracks) io.stdout(`  track ${t.name} — ${t.owner}  ${t.start} → ${t.end}\n`);
    for (const m of shown.milestones)
      io.stdout(
        `  ${m.code} ${m.name}  ${m.start} → ${m.end}  ${m.offeringId ? names.offering(m.offeringId) : 'no hardware'}  ~${m.estimatedHours} GPU-h, ~${money('USD', m.estimatedUsd)} (estimate, catalog USD)${m.range ? `; ${hoursRangeText(m.range.hours, false, 'GPU-h')}, ${moneyRangeText(cur, m.range.cost, false)} (P10–P90)` : ''}\n`,
      );
    io.stdout(`\nweek       start       GPU-h  ${cur.padStart(7)}   cumulative\n`);
    for (const w of shown.weeks)
      io.stdout(
        `${w.week}  ${w.start}  ${String(w.gpuHours).padStart(6)}  ${w.usd.padStart(8)}  ${w.cumulativeUsd.padStart(9)}  ${w.allocations.map((a) => `${names.track(a.trackId)}: ${names.gpu(a.gpuId)}×${a.gpuCount} ${a.hours}h`).join(', ')}\n`,
      );
    io.stdout(`\nTotal ${shown.totals.gpuHours} GPU-h, ${m$(shown.totals.usd)} of ${m$(shown.totals.budget)}\n`);
    if (shown.ranges) io.stdout(`${planRangeSentence(shown.ranges)}\n`);
    for (const line of shown.dataCosts)
      io.stdout(`  ${line.category} ${line.label}: ${m$(line.usd)} — ${line.quantity} at ${line.rate?.sku ?? 'no price'}\n`);
    if (shown.dataCosts.length)
      io.stdout(
        `GPU ${m$(shown.totals.usd)} + storage ${m$(shown.totals.storageUsd)} + transfer ${m$(shown.totals.transferUsd)} = ${m$(shown.totals.allCostsUsd)}, ${leftOrOver(shown.totals.remainingAllCostsUsd, cur)}\n`,
      );
    for (const line of conversionLines(shown.conversion)) io.stdout(`  rate ${line}\n`);
    if (shown.conflicts.length) io.stdout(`\nProblems (${shown.conflicts.length}):\n`);
    for (const c of shown.conflicts) io.stdout(`  [${c.severity}] ${c.week ?? ''} ${problemKindWords(c.kind)}: ${c.message}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

const choice = <T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T => {
  if (value !== undefined && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got "${value}")\n${USAGE}`);
};

/** `gpu-planner plan optimize --json`: {status, objective, weeks, conflicts, totals, binding} of the suggested schedule. */
async function runOptimize(values: Record<string, string | boolean | undefined>, io: CliIo): Promise<number> {
  const objective = choice('objective', values.objective as string, ['cost', 'finish', 'change'] as const);
  const window = choice('window', values.window as string, ['phase', 'deadline'] as const);
  const runCount = choice('runs', values.runs as string, ['mid', 'high'] as const);
  const timeLimitSeconds = Number(values['time-limit']);
  if (!Number.isFinite(timeLimitSeconds) || timeLimitSeconds < 1 || timeLimitSeconds > 600)
    throw new UsageError(`--time-limit must be 1 to 600 seconds\n${USAGE}`);
  const app = openCliServices({ db: values.db as string | undefined }, io);
  try {
    const answer = await app.services.optimize.optimize({
      projectId: values.project as string | undefined,
      scenarioId: values.scenario as string | undefined,
      objective,
      window,
      runCount,
      allowTurns: values['no-turns'] !== true,
      // --window deadline and --other-offerings: the older names of --allow-dates and --allow-hardware
      allowDates: values['allow-dates'] === true,
      allowHardware: values['allow-hardware'] === true || values['other-offerings'] === true,
      allowReorder: values['allow-reorder'] === true,
      timeLimitSeconds,
      saveAs: values['save-as'] as string | undefined,
    });
    if (values.json) {
      printJson(io, Object.fromEntries(OPTIMIZE_JSON_KEYS.map((k) => [k, answer[k]])));
      return EXIT_OK;
    }
    io.stdout(
      `Status: ${answer.status} (${answer.solver.seconds} s${answer.solver.gap ? `, within ${(answer.solver.gap * 100).toFixed(2)} % of optimal` : ''})\n`,
    );
    io.stdout(
      `Suggested schedule: ${money(answer.totals.currency, answer.diff.after.cost)} in all (GPU ${money(answer.totals.currency, toCents(answer.totals.usd))}, the rest storage and transfer) of ${money(answer.totals.currency, toCents(answer.totals.budget))}, ${answer.totals.gpuHours} GPU-hours, last milestone work in ${answer.objective.finishWeek ?? '—'}\n`,
    );
    // Names a person reads: the track's name and the offer's provider and SKU, not their ids.
    const view = await app.services.plan.getPlan(values.project as string | undefined);
    const trackNames = new Map(view.plan.tracks.map((t) => [t.id, t.name]));
    const offerNames = new Map(app.services.catalog.listOfferings().map((o) => [o.id, offerLabel(o.providerName, o.sku)]));
    for (const w of answer.weeks)
      if (w.allocations.length)
        io.stdout(
          `  ${w.week}  ${w.allocations
            .map(
              (a) =>
                `${trackNames.get(a.trackId) ?? a.trackId}: ${(a.offeringId && offerNames.get(a.offeringId)) ?? a.offeringId ?? a.gpuId} ${a.hours} h`,
            )
            .join(', ')}\n`,
        );
    const diff = diffLines(
      answer.diff,
      (id) => offerNames.get(id) ?? id,
      (amount) => money(answer.diff.currency, amount),
    );
    io.stdout(
      `\nWhat changes (${answer.diff.milestones.length === 0 ? 'no milestone changes' : `${answer.diff.milestones.length} milestone${answer.diff.milestones.length === 1 ? '' : 's'}`}):\n`,
    );
    for (const line of diff) io.stdout(`  ${line}\n`);
    if (answer.binding.length) io.stdout('\nWhat binds:\n');
    for (const b of answer.binding) io.stdout(`  - ${b.message}\n`);
    if (answer.relaxations.length) io.stdout('\nThe smallest change that makes a schedule exist (any one of):\n');
    for (const r of answer.relaxations) io.stdout(`  - ${r.message}\n`);
    if (answer.notFixableByScheduling.length) io.stdout('\nNot fixable by scheduling:\n');
    for (const n of answer.notFixableByScheduling) io.stdout(`  - [${n.severity}] ${n.message}\n    Fix: ${n.fix}\n`);
    if (answer.conflicts.length) io.stdout(`\nProblems left (${answer.conflicts.length}):\n`);
    for (const c of answer.conflicts) io.stdout(`  [${c.severity}] ${c.message}\n`);
    if (answer.scenarioId) io.stdout(`\nKept as scenario ${answer.scenarioId} ("${values['save-as']}").\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

/** "$12.00 left" or "over by €16.27". */
function leftOrOver(remaining: string, currency: string): string {
  return remaining.startsWith('-') ? `over by ${money(currency, remaining.slice(1))}` : `${money(currency, remaining)} left`;
}

/** Offer, GPU and track names for the text output, so it shows no ids (issue 19 item 10). */
function readableNames(catalog: Pick<CatalogService, 'listOfferings' | 'listGpus'>, tracks: ReadonlyArray<{ id: string; name: string }>) {
  const gpus = new Map(catalog.listGpus().map((g) => [g.id, gpuShortName(g.name)]));
  const offerings = new Map(catalog.listOfferings().map((o) => [o.id, offerLabel(o.providerName, o.sku, gpus.get(o.gpuId))]));
  const trackNames = new Map(tracks.map((t) => [t.id, t.name]));
  return {
    offering: (id: string) => offerings.get(id) ?? id,
    gpu: (id: string) => gpus.get(id) ?? id,
    track: (id: string) => trackNames.get(id) ?? id,
  };
}
