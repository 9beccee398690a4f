/**
 * `gpu-planner fx list|add|import|rate` — the exchange rates every figure is converted with (issue 25 item 1), on the
 * same services as the app's Exchange rates panel. `list` shows the user's and imported rates (`--all`: the bundled ECB
 * rates too; `--currency X`: those of one currency); `rate FROM TO [--on DATE]` shows the rate a conversion uses that
 * day and where it comes from; `import FILE` reads a `from,to,rate,as_of,source` CSV, all or nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo, type ParseArgsOptionsConfig } from '../cli-io';
import { openCliServices } from '../cli-services';

export const USAGE = [
  'usage: gpu-planner fx list [--all] [--currency CODE] [--db PATH] [--json]',
  '       gpu-planner fx add FROM TO RATE --as-of DATE --source TEXT [--db PATH] [--json]',
  '       gpu-planner fx import FILE [--db PATH] [--json]   (CSV: from,to,rate,as_of,source)',
  '       gpu-planner fx rate FROM TO [--on DATE] [--db PATH] [--json]',
].join('\n');

function parse<const O extends ParseArgsOptionsConfig>(args: string[], options: O) {
  return parseCommandArgs(args, { db: { type: 'string' }, json: { type: 'boolean', default: false }, ...options }, USAGE);
}

const code = (text: string | undefined, what: string): string => {
  const c = (text ?? '').toUpperCase();
  if (!/^[A-Z]{3}$/.test(c))
    throw new UsageError(`${what}: expected a 3-letter currency code such as EUR, found "${text ?? ''}"\n${USAGE}`);
  return c;
};

export async function runFxCommand(args: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = args;
  if (what === 'add') {
    const { values, positionals } = parse(rest, { 'as-of': { type: 'string' }, source: { type: 'string' } });
    if (positionals.length !== 3 || !values['as-of'] || !values.source) throw new UsageError(USAGE);
    const app = openCliServices(values, io);
    try {
      const rate = app.services.budget.saveRate({
        from: code(positionals[0], 'FROM'),
        to: code(positionals[1], 'TO'),
        rate: positionals[2]!,
        asOf: values['as-of'],
        source: values.source,
        origin: 'user',
      });
      if (values.json) printJson(io, { rate });
      else io.stdout(`added: 1 ${rate.from} = ${rate.rate} ${rate.to} from ${rate.asOf} (${rate.source})\n`);
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  if (what === 'import') {
    const { values, positionals } = parse(rest, {});
    if (positionals.length !== 1) throw new UsageError(USAGE);
    const file = positionals[0]!;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UserError('FILE_UNREADABLE', `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, {
        file,
      });
    }
    const app = openCliServices(values, io);
    try {
      const result = app.services.budget.importRates(text, path.basename(file));
      if (values.json) printJson(io, result);
      else io.stdout(`imported ${result.imported} rates from ${file}\n`);
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  if (what === 'rate') {
    const { values, positionals } = parse(rest, { on: { type: 'string' } });
    if (positionals.length !== 2) throw new UsageError(USAGE);
    const from = code(positionals[0], 'FROM');
    const to = code(positionals[1], 'TO');
    const day = values.on ?? new Date().toISOString().slice(0, 10);
    const app = openCliServices(values, io);
    try {
      const rate = app.services.budget.rateOn(from, to, day);
      if (!rate)
        throw new UserError('NO_RATE', `No ${from}→${to} rate on or before ${day}: add one with gpu-planner fx add.`, {
          field: 'on',
          value: day,
        });
      if (values.json) printJson(io, { from, to, on: day, ...rate });
      else io.stdout(`${day}: ${rate.text}\n`);
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  if (what !== 'list' && what !== undefined) throw new UsageError(USAGE);
  const { values } = parse(what === 'list' ? rest : args, { all: { type: 'boolean', default: false }, currency: { type: 'string' } });
  const app = openCliServices(values, io);
  try {
    const list = app.services.budget.listRates({
      all: values.all,
      currency: values.currency ? code(values.currency, '--currency') : undefined,
    });
    if (values.json) {
      printJson(io, list);
      return EXIT_OK;
    }
    for (const s of list.summary) io.stdout(`${s.origin}: ${s.count} rates, ${s.first} to ${s.last}\n`);
    if (list.rates.length === 0)
      io.stdout(values.all ? 'no rates\n' : 'no rates of your own (the bundled ECB rates apply; --all lists them)\n');
    for (const r of list.rates) io.stdout(`${r.asOf}  1 ${r.from} = ${r.rate} ${r.to}  ${r.origin ?? 'user'}  ${r.source}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
