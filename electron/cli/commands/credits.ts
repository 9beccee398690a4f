/**
 * `gpu-planner credits [--project ID]`, `credits add …`, `credits remove ID`: credits and free tiers as dated budget
 * offsets (issue 18 item 13), on the same services as the Budget screen (budget/credits/credits.service.ts). `--json`
 * prints the credits and their summary (what each covered of the actual spend and of the plan, the forecast after
 * credits). `add --preset azure-free-trial --granted DATE` takes the seed's amount, days and source.
 */
import { addDays } from 'date-fns';
import { CREDIT_PRESETS } from '../../../shared/domain/budget/credits';
import { formatDay, parseDay } from '../../../shared/domain/plan/weeks';
import { UserError } from '../../../shared/domain/errors';
import { money, toCents } from '../../../shared/domain/money-format';
import type { CreditsView } from '../../../shared/ipc/contract/budget-credits';
import { EXIT_OK, parseProjectCommandArgs, printJson, UsageError, type CliIo, type ParseArgsOptionsConfig } from '../cli-io';
import { openCliServices } from '../cli-services';

export const USAGE = [
  'usage: gpu-planner credits [--project ID] [--db PATH] [--json]',
  '       gpu-planner credits add (--preset KEY | --provider ID|any --name NAME --amount X --expires DATE --source TEXT) --granted DATE',
  '                               [--currency USD] [--project ID] [--db PATH] [--json]',
  '       gpu-planner credits remove ID [--db PATH] [--json]',
  `presets: ${CREDIT_PRESETS.map((p) => p.key).join(', ')}`,
].join('\n');

const parse = <const O extends ParseArgsOptionsConfig>(args: string[], options: O) => parseProjectCommandArgs(args, options, USAGE);

function print(io: CliIo, view: CreditsView, json: boolean): void {
  if (json) {
    printJson(io, { credits: view.credits, summary: view.summary });
    return;
  }
  const s = view.summary;
  const m = (v: string, currency = s.currency) => money(currency, toCents(v));
  for (const c of s.credits)
    io.stdout(
      `${String(c.creditId).padStart(4)}  ${c.name} (${c.providerId ?? 'any provider'}) ${m(c.amount, c.currency)}, ${c.grantedOn} → ${c.expiresOn}: ${c.status}; used ${m(c.usedActual, c.currency)} actual + ${m(c.usedPlanned, c.currency)} planned, ${m(c.remaining, c.currency)} left${c.lostAtExpiry !== '0.00' ? `, ${m(c.lostAtExpiry, c.currency)} lost at expiry` : ''}\n`,
    );
  io.stdout(`credits applied: ${m(s.applied)}; forecast ${m(s.forecastBefore)} → after credits ${m(s.forecastAfter)}\n${s.basis}\n`);
}

export async function runCreditsCommand(args: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = args;
  if (what === 'add') return add(rest, io);
  if (what === 'remove') {
    const { values, positionals } = parse(rest, {});
    const id = Number(positionals[0]);
    if (positionals.length !== 1 || !Number.isInteger(id) || id <= 0) throw new UsageError(USAGE);
    const app = openCliServices(values, io);
    try {
      print(io, await app.services.budget.deleteCredit(id), values.json);
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  const { values, positionals } = parse(args, {});
  if (positionals.length > 0) throw new UsageError(USAGE);
  const app = openCliServices(values, io);
  try {
    print(io, await app.services.budget.listCredits(values.project), values.json);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

async function add(args: string[], io: CliIo): Promise<number> {
  const text = { type: 'string' } as const;
  const { values, positionals } = parse(args, {
    preset: text,
    provider: text,
    name: text,
    amount: text,
    currency: text,
    granted: text,
    expires: text,
    source: text,
  });
  if (positionals.length > 0 || typeof values.granted !== 'string') throw new UsageError(USAGE);
  const preset = typeof values.preset === 'string' ? CREDIT_PRESETS.find((p) => p.key === values.preset) : undefined;
  if (values.preset !== undefined && !preset)
    throw new UserError('UNKNOWN_PRESET', `No credit preset "${String(values.preset)}".`, {
      field: 'preset',
      value: String(values.preset),
      expected: CREDIT_PRESETS.map((p) => p.key).join(', '),
    });
  const granted = values.granted;
  const str = (v: unknown, fallback: string | undefined) => (typeof v === 'string' ? v : fallback);
  const provider = str(values.provider, preset?.providerId);
  const expires = str(
    values.expires,
    preset && /^\d{4}-\d{2}-\d{2}$/.test(granted) ? formatDay(addDays(parseDay(granted), preset.days - 1)) : undefined,
  );
  const app = openCliServices(values, io);
  try {
    const projectId = str(values.project, undefined) ?? (await app.services.plan.getPlan()).plan.project.id;
    const view = await app.services.budget.saveCredit({
      projectId,
      providerId: provider === undefined || provider === 'any' ? null : provider,
      name: str(values.name, preset?.name) ?? '',
      amount: str(values.amount, preset?.amount) ?? '',
      currency: str(values.currency, 'USD')!,
      grantedOn: granted,
      expiresOn: expires ?? '',
      source: str(values.source, preset?.source) ?? '',
      notes: null,
    });
    print(io, view, values.json);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
