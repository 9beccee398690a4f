/** `gpu-planner settings [--electricity USD_PER_KWH] [--lifetime YEARS] [--hours-per-year H] [--host-watts W] [--subscription-hours H] [--reset] [--json]`. */
import { UserError } from '../../../shared/domain/errors';
import { COST_SETTING_LABELS, type CostSettings, type CostSettingsUpdate } from '../../../shared/domain/settings/cost-settings';
import { EXIT_OK, parseCommandArgs, printJson, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';

const FLAGS: Record<string, keyof CostSettings> = {
  electricity: 'electricityUsdPerKwh',
  lifetime: 'purchaseLifetimeYears',
  'hours-per-year': 'purchaseHoursPerYear',
  'host-watts': 'hostWatts',
  'subscription-hours': 'subscriptionHoursPerMonth',
  'stale-months': 'stalePriceMonths',
};
export const USAGE = `usage: gpu-planner settings [${Object.keys(FLAGS)
  .map((f) => `--${f} N`)
  .join('] [')}] [--reset] [--db PATH] [--json]`;

export async function runSettingsCommand(args: string[], io: CliIo): Promise<number> {
  const { values }: { values: Record<string, string | boolean | undefined> } = parseCommandArgs(
    args,
    {
      db: { type: 'string' },
      reset: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      ...Object.fromEntries(Object.keys(FLAGS).map((f) => [f, { type: 'string' as const }])),
    },
    USAGE,
    { positionals: false },
  );
  const update: CostSettingsUpdate = {};
  for (const [flag, key] of Object.entries(FLAGS)) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    const value = Number(text);
    if (!Number.isFinite(value))
      throw new UserError('INVALID_SETTING', `--${flag} ${text}: expected a number`, { field: flag, value: text, expected: 'a number' });
    update[key] = value;
  }
  const app = openCliServices({ db: typeof values.db === 'string' ? values.db : undefined }, io);
  try {
    const changing = values.reset === true || Object.keys(update).length > 0;
    const view = changing ? app.services.settings.update({ cost: update, reset: values.reset === true }) : app.services.settings.view();
    if (values.json) {
      printJson(io, view);
      return EXIT_OK;
    }
    for (const [flag, key] of Object.entries(FLAGS)) {
      const { label, unit } = COST_SETTING_LABELS[key];
      const isDefault = view.cost[key] === view.defaults[key];
      io.stdout(
        `${`--${flag}`.padEnd(22)} ${String(view.cost[key]).padStart(8)} ${unit.padEnd(12)} ${label}${isDefault ? '' : ` (default ${view.defaults[key]})`}\n`,
      );
    }
    io.stdout(`\n${view.summary}; used by estimates, the catalog's $/GPU-hour, buy-or-rent, plans and the report.\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
