/**
 * `gpu-planner source add FOLDER [--mapping NAME] [--account ID]... [--tag KEY=VALUE]... [--provider NAME]... [--from DATE] [--to DATE]`
 * (the slice every sync imports), `source list`, `source sync [--id N] [--rehash]`: folders of billing exports
 * kept in sync, on the same services as the app (budget/sources/sources.service.ts). `--json` prints one document.
 * `source sync` exits 1 when a file was refused (the others are imported; every refused file is listed).
 */
import path from 'node:path';
import type { BillingSource, SourceSync } from '../../../shared/ipc/contract/budget-sources';
import { EXIT_OK, EXIT_USER_ERROR, parseCommandArgs, printJson, UsageError, type CliIo, type ParseArgsOptionsConfig } from '../cli-io';
import { openCliServices } from '../cli-services';
import { describeFilter } from '../../../shared/domain/billing/import-filter';
import { FILTER_OPTIONS, filterFromFlags } from './budget';

export const USAGE = [
  'usage: gpu-planner source add FOLDER [--mapping NAME] [--account ID]... [--tag KEY=VALUE]... [--provider NAME]... [--from DATE] [--to DATE] [--db PATH] [--json]',
  '       gpu-planner source list [--db PATH] [--json]',
  '       gpu-planner source sync [--id N] [--rehash] [--db PATH] [--json]',
  '       gpu-planner source remove ID [--db PATH]',
].join('\n');

/** The subcommand's own flags, plus --db and --json that every subcommand takes. */
function parse<const O extends ParseArgsOptionsConfig>(args: string[], options: O) {
  return parseCommandArgs(args, { db: { type: 'string' }, json: { type: 'boolean', default: false }, ...options }, USAGE);
}

function sourceLine(s: BillingSource): string {
  const last = s.lastSync;
  const when = s.lastSyncAt ? `last sync ${s.lastSyncAt}` : 'never synced';
  const what = last
    ? `: ${last.imported.length} imported, ${last.unchanged} unchanged, ${last.alreadyImported.length} already imported, ${last.superseded.length} superseded, ${last.refused.length} refused`
    : '';
  // Each refused file with why (kept until the file changes), and what the last sync refused of the folder itself.
  const refused = [
    ...s.refused.map((f) => `  ! ${f.path}: ${(f.error ?? 'refused').split('\n')[0]}`),
    ...(last?.refused ?? [])
      .filter((r) => !s.refused.some((f) => f.path === r.path))
      .map((r) => `  ! ${r.path}: ${r.message.split('\n')[0]}`),
  ];
  const slice = describeFilter(s.filter);
  return `#${s.id} ${s.folder}${s.mappingName ? ` (mapping "${s.mappingName}")` : ''}${slice ? ` · only ${slice}` : ''} · ${s.files} file(s) · ${when}${what}\n${refused.map((l) => `${l}\n`).join('')}`;
}

function syncText(sync: SourceSync): string {
  const lines = [
    `${sync.folder}: ${sync.filesSeen} billing file(s); ${sync.imported.length} imported, ${sync.unchanged} unchanged, ${sync.alreadyImported.length} already imported, ${sync.superseded.length} superseded by a newer delivery${sync.cancelled ? ' (cancelled)' : ''}`,
  ];
  for (const i of sync.imported) {
    const totals = Object.entries(i.totals)
      .map(([c, v]) => `${c} ${v}`)
      .join(', ');
    const f = i.filtered;
    const slice = f
      ? ` [${f.read} lines read, ${f.kept} kept; skipped ${f.skipped.account} by account, ${f.skipped.tag} by tag, ${f.skipped.provider} by provider, ${f.skipped.date} by date${f.rowGroupsSkipped ? `; ${f.rowGroupsSkipped.groups} Parquet row group(s) not decoded` : ''}]`
      : '';
    lines.push(
      `  + ${i.path}: ${i.periods.map((p) => `${p.start}..${p.end}`).join(' ')} ${totals}${i.replacedImportIds.length ? ` (replaces import ${i.replacedImportIds.join(', ')})` : ''}${slice}`,
    );
    if (i.note) lines.push(`    ${i.note}`);
  }
  for (const w of sync.waiting) lines.push(`  … ${w.manifest}: waiting for ${w.missing.length} file(s) it lists`);
  for (const r of sync.refused) lines.push(`  ! ${r.path}: ${r.message.split('\n')[0]}`);
  return `${lines.join('\n')}\n`;
}

export async function runSourceCommand(args: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = args;
  if (what === 'add') {
    const { values, positionals } = parse(rest, { mapping: { type: 'string' }, ...FILTER_OPTIONS });
    if (positionals.length !== 1) throw new UsageError(USAGE);
    const filter = filterFromFlags(values);
    const app = openCliServices(values, io);
    try {
      const source = app.services.budget.addSource(path.resolve(io.cwd, positionals[0]!), values.mapping, filter);
      const slice = describeFilter(source.filter);
      if (values.json) printJson(io, source);
      else
        io.stdout(
          `added source #${source.id} ${source.folder}${slice ? ` (only ${slice})` : ''}; run "gpu-planner source sync" to import it\n`,
        );
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  if (what === 'list') {
    const { values, positionals } = parse(rest, {});
    if (positionals.length > 0) throw new UsageError(USAGE);
    const app = openCliServices(values, io);
    try {
      const sources = app.services.budget.listSources();
      if (values.json) printJson(io, { sources });
      else if (sources.length === 0) io.stdout('no sources; add one with "gpu-planner source add FOLDER"\n');
      else for (const s of sources) io.stdout(sourceLine(s));
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  if (what === 'sync') {
    const { values, positionals } = parse(rest, { id: { type: 'string' }, rehash: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(USAGE);
    const id = values.id === undefined ? undefined : Number(values.id);
    if (id !== undefined && !Number.isInteger(id)) throw new UsageError(`--id must be a source number\n${USAGE}`);
    const app = openCliServices(values, io);
    const onSignal = () => app.services.budget.cancelSourceSync();
    process.once('SIGINT', onSignal);
    try {
      const syncs = await app.services.budget.syncSources(id, { rehash: values.rehash === true });
      if (values.json) printJson(io, { syncs });
      else if (syncs.length === 0) io.stdout('no sources; add one with "gpu-planner source add FOLDER"\n');
      else for (const s of syncs) io.stdout(syncText(s));
      return syncs.some((s) => s.refused.length > 0) ? EXIT_USER_ERROR : EXIT_OK;
    } finally {
      process.removeListener('SIGINT', onSignal);
      app.close();
    }
  }
  if (what === 'remove') {
    const { values, positionals } = parse(rest, {});
    const id = Number(positionals[0]);
    if (positionals.length !== 1 || !Number.isInteger(id)) throw new UsageError(USAGE);
    const app = openCliServices(values, io);
    try {
      const removed = app.services.budget.removeSource(id);
      io.stdout(removed ? `removed source #${id} (its imports stay)\n` : `no source #${id}\n`);
      return removed ? EXIT_OK : EXIT_USER_ERROR;
    } finally {
      app.close();
    }
  }
  throw new UsageError(USAGE);
}
