import fs from 'node:fs';
import path from 'node:path';

import { columnMappingSchema } from '../../../shared/domain/billing/column-mapping';
import type { DialectChoice } from '../../../shared/domain/billing/dialects';
import { isUserError, UserError } from '../../../shared/domain/errors';
import { IMPORT_FORMATS } from '../../../shared/ipc/contract/budget-import';
import { EXIT_OK, EXIT_USER_ERROR, parseCommandArgs, printJson, UsageError, type CliIo, type ParseArgsOptionsConfig } from '../cli-io';
import { openCliServices } from '../cli-services';

export const USAGE = [
  'usage: gpu-planner import FILE [--format auto|focus|aws-cur|aws-cost-explorer|azure|gcp|generic] [--mapping FILE] [--skip-invalid] [--db PATH] [--json]',
  '       gpu-planner spend [--by month|week|track|provider|service] [--db PATH] [--json]',
].join('\n');

const SPEND_BY = ['month', 'week', 'track', 'provider', 'service'] as const;

/**
 * `gpu-planner import` and `gpu-planner spend` — spec/cli.md. Amounts in the JSON are exact decimal strings
 * ("0.0000004", "-2.6137"): a JSON number could not carry 28 decimals exactly.
 */
export async function runBudgetCommand(args: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = args;
  if (what === 'import') return runImport(rest, io);
  if (what === 'spend') return runSpend(rest, io);
  throw new UsageError(USAGE);
}

function parse<const O extends ParseArgsOptionsConfig>(args: string[], options: O) {
  return parseCommandArgs(args, options, USAGE);
}

async function runImport(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
    format: { type: 'string', default: 'auto' },
    mapping: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
  });
  const fileArg = positionals[0];
  if (!fileArg || positionals.length > 1) throw new UsageError(USAGE);
  const format = String(values.format);
  if (!(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${IMPORT_FORMATS.join(', ')}\n${USAGE}`);
  let mapping;
  if (typeof values.mapping === 'string') {
    const mappingFile = path.resolve(io.cwd, values.mapping);
    let text: string;
    try {
      text = fs.readFileSync(mappingFile, 'utf8');
    } catch {
      throw new UserError('FILE_NOT_FOUND', `Cannot read the mapping ${values.mapping}.`, { file: values.mapping });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new UserError('INVALID_MAPPING', `${values.mapping}: not JSON (${(error as Error).message}).`, { file: values.mapping });
    }
    const parsed = columnMappingSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UserError('INVALID_MAPPING', `${values.mapping}: ${issue.path.join('.') || '(mapping)'}: ${issue.message}`, {
        file: values.mapping,
        field: issue.path.join('.'),
      });
    }
    mapping = parsed.data;
  }
  const file = path.resolve(io.cwd, fileArg);
  const app = openCliServices(values as { db?: string }, io);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    const result = await app.services.budget.importFile({
      file,
      format: format as DialectChoice,
      mapping,
      skipInvalid: values['skip-invalid'] === true,
      signal: controller.signal,
      displayName: path.basename(file),
      onProgress: ({ bytesRead, totalBytes, rowsRead }) =>
        io.stderr(
          `import: ${totalBytes > 0 ? Math.floor((100 * bytesRead) / totalBytes) : 100}% of ${totalBytes} bytes, ${rowsRead} rows\n`,
        ),
    });
    const out = {
      format: result.format,
      rowsRead: result.rowsRead,
      rowsImported: result.rowsImported,
      rowsSkipped: result.rowsSkipped,
      errors: result.errors.map((e) => ({ line: e.line, column: e.column, message: e.message })),
      totals: result.totals,
      periods: result.periods,
      importId: result.importId,
      description: result.description,
      costBasis: result.costBasis,
      replacedImportIds: result.replacedImportIds,
      warnings: result.warnings.length,
    };
    if (values.json) printJson(io, out);
    else {
      io.stdout(
        `${path.basename(file)}: ${result.description}; ${result.rowsImported} of ${result.rowsRead} rows imported, ${result.rowsSkipped} skipped\n`,
      );
      for (const [currency, amount] of Object.entries(result.totals)) io.stdout(`  billed ${currency} ${amount}\n`);
      if (result.replacedImportIds.length) io.stdout(`  replaces import(s) ${result.replacedImportIds.join(', ')}\n`);
    }
    return EXIT_OK;
  } catch (error) {
    // A refused file: the same JSON document (nothing imported, every error listed) and exit 1.
    if (values.json && isUserError(error) && error.code === 'INVALID_ROWS') {
      const details = error.details ?? {};
      printJson(io, {
        format: details.format ?? null,
        rowsRead: details.rowsRead ?? 0,
        rowsImported: 0,
        rowsSkipped: 0,
        errors: (details.problems ?? []).map((p) => ({ line: p.line, column: p.column, message: p.message })),
        totals: {},
        periods: [],
        refused: true,
      });
      io.stderr(`gpu-planner: ${error.message.split('\n')[0]}\n`);
      return EXIT_USER_ERROR;
    }
    throw error;
  } finally {
    process.removeListener('SIGINT', onSignal);
    app.close();
  }
}

async function runSpend(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
    by: { type: 'string', default: 'month' },
  });
  if (positionals.length > 0) throw new UsageError(USAGE);
  const by = String(values.by);
  if (!(SPEND_BY as readonly string[]).includes(by)) throw new UsageError(`--by must be one of ${SPEND_BY.join(', ')}\n${USAGE}`);
  const app = openCliServices(values as { db?: string }, io);
  try {
    const summary = app.services.budget.spendSummary({ by: by as (typeof SPEND_BY)[number], exact: true });
    const out = { totals: summary.totals, groups: summary.groups.map((g) => ({ key: g.key, totals: g.totals })) };
    if (values.json) printJson(io, out);
    else {
      for (const g of out.groups)
        io.stdout(
          `${g.key.padEnd(28)} ${Object.entries(g.totals)
            .map(([c, v]) => `${c} ${v}`)
            .join('  ')}\n`,
        );
      io.stdout(
        `${'total'.padEnd(28)} ${Object.entries(out.totals)
          .map(([c, v]) => `${c} ${v}`)
          .join('  ')}\n`,
      );
    }
    return EXIT_OK;
  } finally {
    app.close();
  }
}
