/**
 * `gpu-planner estimate buy-vs-rent`: for a workload and a machine to buy, the runs a month from which buying pays
 * off against each rental, seed 003's rule checked, and the cumulative cost month by month (docs/cli.md).
 */
import { UserError } from '../../../shared/domain/errors';
import { describeCostSettings } from '../../../shared/domain/settings/cost-settings';
import { buyVsRent, rentableOfferings } from '../../../shared/estimate/buy-vs-rent';
import { rowKey } from '../../../shared/estimate/ranking';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { readWorkloadFile } from '../workload-file';
import { moneyFigure } from '../../../shared/domain/money-format';

export const USAGE =
  'usage: gpu-planner estimate buy-vs-rent (--workload FILE | --saved ID) --machine OFFERING_ID [--rental OFFERING_ID]... [--hours H] [--rental-hours H] [--runs N] [--start YYYY-MM] [--months N] [--db PATH] [--json]';

function positiveNumber(flag: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new UserError('INVALID_ARGUMENT', `--${flag} ${text}: expected a number above 0 and at most ${max}`, {
      field: flag,
      value: text,
      expected: `a number in (0, ${max}]`,
    });
  return value;
}

export async function runBuyVsRentCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      db: { type: 'string' },
      workload: { type: 'string' },
      saved: { type: 'string' },
      machine: { type: 'string' },
      rental: { type: 'string', multiple: true },
      hours: { type: 'string' },
      'rental-hours': { type: 'string' },
      runs: { type: 'string' },
      start: { type: 'string' },
      months: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    USAGE,
    { positionals: false },
  );
  if (!values.machine || Boolean(values.workload) === Boolean(values.saved)) throw new UsageError(USAGE);
  const runsPerMonth = positiveNumber('runs', values.runs, 10, 10_000);
  const months = Math.round(positiveNumber('months', values.months, 36, 240));
  const hoursPerRun = values.hours === undefined ? undefined : positiveNumber('hours', values.hours, 0, 100_000);
  const rentalHoursPerRun =
    values['rental-hours'] === undefined ? undefined : positiveNumber('rental-hours', values['rental-hours'], 0, 100_000);
  const start = values.start ?? new Date().toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(start))
    throw new UserError('INVALID_ARGUMENT', `--start ${start}: expected a month YYYY-MM`, {
      field: 'start',
      value: start,
      expected: 'YYYY-MM',
    });
  const app = openCliServices(values, io);
  try {
    const saved = values.saved ? app.services.estimate.listWorkloads().find((w) => w.id === values.saved) : null;
    if (values.saved && !saved)
      throw new UserError('UNKNOWN_WORKLOAD', `No saved workload "${values.saved}"`, { field: 'saved', value: values.saved });
    const workload = saved ? saved.workload : readWorkloadFile(io, values.workload!);
    const estimate = app.services.estimate.estimateWorkload(workload);
    const settings = app.services.settings.costSettings();
    const result = buyVsRent(estimate, rowKey(values.machine, 'purchase'), settings, runsPerMonth, start, months, {
      rentalOfferingIds: values.rental,
      hoursPerRun,
      rentalHoursPerRun,
    });
    if (!result) {
      const machines = estimate.ranking.filter((r) => r.priceKind === 'purchase').map((r) => r.offeringId);
      throw new UserError(
        'UNKNOWN_MACHINE',
        `"${values.machine}" is not a machine to buy that this workload was priced on (machines: ${machines.join(', ')})`,
        {
          field: 'machine',
          value: values.machine,
          expected: `one of ${machines.join(', ')}`,
        },
      );
    }
    if (result.unknownRentals.length) {
      const rentable = rentableOfferings(estimate.ranking).map((o) => o.offeringId);
      throw new UserError(
        'UNKNOWN_RENTAL',
        `${result.unknownRentals.map((id) => `"${id}"`).join(', ')}: not an offering this workload can rent by the hour (on-demand or spot; rentals: ${rentable.join(', ')})`,
        { field: 'rental', value: result.unknownRentals.join(','), expected: `one of ${rentable.join(', ')}` },
      );
    }
    if (values.json) {
      printJson(io, { ...result, assumptions: { ...settings, summary: describeCostSettings(settings) } });
      return EXIT_OK;
    }
    const m = result.machine;
    io.stdout(
      `${m.label}: $${m.purchaseUsd.toLocaleString('en-US')} over ${m.lifetimeYears} y, ${m.powerWatts} W, ${m.hoursPerRun.toFixed(2)} h a run${m.hoursSource === 'yours' ? ' (your figure)' : ' (the estimate)'} (${describeCostSettings(settings)} — change with gpu-planner settings)\n\n`,
    );
    for (const b of result.breakEvens) io.stdout(`  ${b.text}\n`);
    io.stdout(`\nSeed 003's rule, ${result.seedRule.rule}: ${result.seedRule.verdict}\n\n`);
    io.stdout(`cumulative cost at ${runsPerMonth} runs a month (USD, end of month):\n`);
    io.stdout(`month    ${result.series.map((s) => s.label.slice(0, 28).padStart(30)).join('')}\n`);
    for (let i = 0; i <= months; i += 6)
      io.stdout(
        `${result.series[0]!.points[i]!.date}  ${result.series.map((s) => moneyFigure('USD', s.points[i]!.usd).padStart(30)).join('')}\n`,
      );
    return EXIT_OK;
  } finally {
    app.close();
  }
}
