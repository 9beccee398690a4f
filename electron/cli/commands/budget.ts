import fs from 'node:fs';
import path from 'node:path';

import { columnMappingSchema } from '../../../shared/domain/billing/column-mapping';
import type { DialectChoice } from '../../../shared/domain/billing/dialects';
import { FilterInputError, parseImportFilter, type ImportFilter } from '../../../shared/domain/billing/import-filter';
import { isUserError, UserError } from '../../../shared/domain/errors';
import { IMPORT_FORMATS } from '../../../shared/ipc/contract/budget-import';
import { EXIT_OK, EXIT_USER_ERROR, parseCommandArgs, printJson, UsageError, type CliIo, type ParseArgsOptionsConfig } from '../cli-io';
import { openCliServices } from '../cli-services';

export const USAGE = [
  `usage: gpu-planner import FILE [--format ${IMPORT_FORMATS.join('|')}] [--mapping FILE] [--skip-invalid] [--account ID]... [--tag KEY=VALUE]... [--provider NAME]... [--from DATE] [--to DATE] [--progress] [--db PATH] [--json]`,
  '       gpu-planner spend [--by month|week|track|provider|service] [--db PATH] [--json]',
].join('\n');

const SPEND_BY = ['month', 'week', 'track', 'provider', 'service'] as const;

/**
 * `gpu-planner import` and `gpu-planner spend` — docs/cli.md. Amounts in the JSON are exact decimal strings
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

/** The slice flags, shared by `import` and `source add`. */
export const FILTER_OPTIONS = {
  account: { type: 'string', multiple: true },
  tag: { type: 'string', multiple: true },
  provider: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

/** The filter the slice flags give (null for none); a bad flag is a usage error naming it. */
export function filterFromFlags(values: Record<string, unknown>): ImportFilter | null {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  try {
    const filter = parseImportFilter({
      accounts: list(values.account),
      tags: list(values.tag),
      providers: list(values.provider),
      from: text(values.from),
      to: text(values.to),
    });
    const empty = !filter.accounts.length && !filter.tags.length && !filter.providers.length && !filter.from && !filter.to;
    return empty ? null : filter;
  } catch (error) {
    if (error instanceof FilterInputError)
      throw new UserError('INVALID_FILTER', `--${error.field}: ${error.message}`, { field: error.field, value: error.value });
    throw error;
  }
}

/** `import: 42% of 527000000 bytes (221.3 MB read), 420000 rows, 61000 rows/s, 12 s left` on stderr. */
function progressLine(io: CliIo) {
  const started = Date.now();
  return ({ bytesRead, totalBytes, rowsRead }: { bytesRead: number; totalBytes: number; rowsRead: number }) => {
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const rate = Math.round(rowsRead / seconds);
    const byteRate = bytesRead / seconds;
    const left = byteRate > 0 && totalBytes > bytesRead ? Math.ceil((totalBytes - bytesRead) / byteRate) : 0;
    io.stderr(
      `import: ${totalBytes > 0 ? Math.floor((100 * bytesRead) / totalBytes) : 100}% of ${totalBytes} bytes (${(bytesRead / 1e6).toFixed(1)} MB read), ${rowsRead} rows, ${rate} rows/s, ${left} s left\n`,
    );
  };
}

async function runImport(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
    format: { type: 'string', default: 'auto' },
    mapping: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
    ...FILTER_OPTIONS,
    progress: { type: 'boolean', default: false },
  });
  const fileArg = positionals[0];
  const filter = filterFromFlags(values);
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
      filter,
      onProgress: values.progress === true || process.stderr.isTTY ? progressLine(io) : undefined,
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
      filtered: result.filtered ?? null,
    };
    if (values.json) printJson(io, out);
    else {
      io.stdout(
        `${path.basename(file)}: ${result.description}; ${result.rowsImported} of ${result.rowsRead} rows imported, ${result.rowsSkipped} skipped\n`,
      );
      const f = result.filtered;
      if (f && filter)
        io.stdout(
          `  filter: ${f.read} lines read, ${f.kept} kept; skipped ${f.skipped.account} by account, ${f.skipped.tag} by tag, ${f.skipped.provider} by provider, ${f.skipped.date} by date${f.rowGroupsSkipped ? ` (${f.rowGroupsSkipped.rows} of them in ${f.rowGroupsSkipped.groups} Parquet row group(s) not decoded: their statistics exclude the filter)` : ''}\n`,
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
