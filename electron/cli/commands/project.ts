import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { plural } from '../../../shared/domain/count-words';
import { money, toCents } from '../../../shared/domain/money-format';
import { amountText } from '../../../shared/domain/field-bounds';

export const USAGE = `usage:
  gpu-planner project list [--json]
  gpu-planner project new --name NAME --start DATE --end DATE --currency CODE --budget AMOUNT [--track NAME --owner NAME] [--json]
  gpu-planner project show [--project ID] [--json]
  gpu-planner project budget [--project ID] --amount AMOUNT [--track TRACK_ID] [--month YYYY-MM] [--thresholds 50,80,100] [--json]
  gpu-planner project dismiss-notice NOTICE_ID
  gpu-planner project export [--project ID] [--with-spend] --out FILE
  gpu-planner project import FILE [--into PROJECT_ID] [--json]
  gpu-planner project from-text FILE [--dry-run] [--json]
(every command takes --db PATH)`;

/** `gpu-planner project …` — the lead's projects and the .gpuplan file (docs/plan-file.md). */
export async function runProjectCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
      project: { type: 'string' },
      out: { type: 'string' },
      into: { type: 'string' },
      name: { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      currency: { type: 'string' },
      budget: { type: 'string' },
      track: { type: 'string' },
      owner: { type: 'string' },
      amount: { type: 'string' },
      month: { type: 'string' },
      thresholds: { type: 'string' },
      'with-spend': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
    USAGE,
  );
  const { values, positionals } = parsed;
  const [verb, ...rest] = positionals;
  if (verb === 'list' && rest.length === 0) return list(values, io);
  if (verb === 'new' && rest.length === 0) {
    const missing = (['name', 'start', 'end', 'currency', 'budget'] as const).filter((k) => !values[k]);
    if (missing.length > 0) throw new UsageError(`project new needs ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
    return create(values as typeof values & { name: string; start: string; end: string; currency: string; budget: string }, io);
  }
  if (verb === 'export' && rest.length === 0) {
    if (!values.out) throw new UsageError(`project export needs --out FILE\n${USAGE}`);
    return exportProject(values as typeof values & { out: string }, io);
  }
  if (verb === 'import' && rest.length === 1) return importProject(rest[0]!, values, io);
  if (verb === 'from-text' && rest.length === 1) return fromText(rest[0]!, values, io);
  if (verb === 'show' && rest.length === 0) return show(values, io);
  if (verb === 'budget' && rest.length === 0) {
    if (!values.amount) throw new UsageError(`project budget needs --amount AMOUNT\n${USAGE}`);
    return setBudget(values as typeof values & { amount: string }, io);
  }
  if (verb === 'dismiss-notice' && rest.length === 1 && /^\d+$/.test(rest[0]!)) return dismissNotice(Number(rest[0]), values, io);
  throw new UsageError(USAGE);
}

function list(values: { db?: string | undefined; json?: boolean | undefined }, io: CliIo): number {
  const app = openCliServices(values, io);
  try {
    const projects = app.services.plan.projects.list();
    if (values.json) {
      printJson(io, { projects });
      return EXIT_OK;
    }
    for (const p of projects) {
      const flags = [p.isExample ? 'example' : '', p.archivedAt ? 'archived' : ''].filter(Boolean).join(', ');
      io.stdout(
        `${p.id.padEnd(16)} ${p.name}${flags ? ` (${flags})` : ''}  ${p.start} → ${p.end}  budget ${money(p.currency, toCents(String(p.budget)))}  ${plural(p.tracks, 'track')}, ${plural(p.scenarios, 'scenario')}\n`,
      );
    }
    return EXIT_OK;
  } finally {
    app.close();
  }
}

function create(
  values: {
    db?: string | undefined;
    json?: boolean | undefined;
    name: string;
    start: string;
    end: string;
    currency: string;
    budget: string;
    track?: string | undefined;
    owner?: string | undefined;
  },
  io: CliIo,
): number {
  const app = openCliServices(values, io);
  try {
    const { projectId } = app.services.plan.projects.create({
      name: values.name,
      start: values.start,
      end: values.end,
      currency: values.currency,
      budget: values.budget,
      track: { name: values.track ?? 'Main track', owner: values.owner ?? 'Unassigned' },
    });
    if (values.json) printJson(io, { projectId });
    else io.stdout(`${projectId}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

async function exportProject(
  values: { db?: string | undefined; project?: string | undefined; out: string; 'with-spend'?: boolean | undefined },
  io: CliIo,
): Promise<number> {
  const app = openCliServices(values, io);
  try {
    const projectId = values.project ?? app.services.plan.projects.list()[0]?.id;
    if (!projectId) throw new UserError('NOT_FOUND', 'There is no project to export.', { field: 'project' });
    const r = app.services.plan.projects.exportTo({ projectId, includeSpend: values['with-spend'] }, path.resolve(io.cwd, values.out));
    io.stderr(
      `Wrote ${r.file} (${r.bytes} bytes, ${plural(r.scenarios, 'scenario')}${values['with-spend'] ? `, ${plural(r.spendLines, 'spend line')}` : ''})\n`,
    );
    return EXIT_OK;
  } finally {
    app.close();
  }
}

function importProject(
  file: string,
  values: { db?: string | undefined; json?: boolean | undefined; into?: string | undefined },
  io: CliIo,
): number {
  const app = openCliServices(values, io);
  try {
    const r = app.services.plan.projects.importFrom(path.resolve(io.cwd, file), { intoProjectId: values.into });
    if (values.json) printJson(io, { projectId: r.projectId, scenarioId: r.scenarioId, scenarios: r.scenarios, spendLines: r.spendLines });
    else io.stdout(`${r.scenarioId ?? r.projectId}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

/**
 * A project from a plan document (Markdown or text): prints what was read and what was not (with line numbers), and
 * creates the project unless --dry-run. Bad input (no such file, not a regular file, too large, empty): an error,
 * nothing created.
 */
function fromText(
  file: string,
  values: { db?: string | undefined; json?: boolean | undefined; 'dry-run'?: boolean | undefined },
  io: CliIo,
): number {
  const app = openCliServices(values, io);
  try {
    const fromTextService = app.services.plan.projects.fromText;
    const doc = fromTextService.readFile(path.resolve(io.cwd, file));
    const read = fromTextService.read(doc);
    const created = values['dry-run'] ? null : fromTextService.create(doc);
    const p = read.plan.project;
    if (values.json) {
      printJson(io, {
        created,
        project: { name: created?.name ?? p.name, start: p.start, end: p.end, currency: p.currency, budget: p.budget },
        tracks: read.plan.tracks.map((t) => ({ name: t.name, owner: t.owner, start: t.start, end: t.end })),
        milestones: read.plan.milestones.map((m) => ({ code: m.code, name: m.name })),
        read: read.read,
        unread: read.unread,
      });
      return EXIT_OK;
    }
    io.stdout(`${doc.fileName}: ${created ? `created project ${created.projectId} "${created.name}"` : `would create "${p.name}" (--dry-run: nothing created)`}
`);
    io.stdout(`  ${p.start} → ${p.end}, budget ${money(p.currency, toCents(p.budget))}, ${plural(read.plan.tracks.length, 'track')}, ${plural(read.plan.milestones.length, 'milestone')}
`);
    io.stdout(`Read (${read.read.length}):
`);
    for (const r of read.read)
      io.stdout(`  line ${String(r.line).padStart(4)}  ${r.label}: ${r.value}
`);
    io.stdout(`Not read (${read.unread.length}):
`);
    for (const u of read.unread)
      io.stdout(`  ${u.line ? `line ${String(u.line).padStart(4)}` : '         '}  ${u.why}${u.text ? `  ${u.text.slice(0, 80)}` : ''}
`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

/** The project with its one budget record: the total (also the plan's budget), its splits, how they add up, and notices. */
function show(values: { db?: string | undefined; json?: boolean | undefined; project?: string | undefined }, io: CliIo): number {
  const app = openCliServices(values, io);
  try {
    const { plan } = app.services.plan.load(values.project);
    const { budgets, splits, notices } = app.services.budget.budgetRecord(plan.project.id);
    const p = plan.project;
    const out = {
      project: { id: p.id, name: p.name, start: p.start, end: p.end, currency: p.currency, budget: p.budget, budgetSource: p.budgetSource },
      budget: {
        ...splits,
        rows: budgets.map((b) => ({
          id: b.id,
          trackId: b.trackId,
          month: b.month,
          amount: b.amount,
          currency: b.currency,
          thresholds: b.thresholds,
        })),
      },
      notices,
    };
    if (values.json) {
      printJson(io, out);
      return EXIT_OK;
    }
    io.stdout(`${p.id}  ${p.name}  ${p.start} → ${p.end}  ${p.currency}\n`);
    io.stdout(
      splits.total === null
        ? 'budget: none set\n'
        : `budget: ${splits.currency} ${splits.total} (thresholds ${splits.thresholds!.join(', ')} %)\n`,
    );
    const part = (label: string, s: typeof splits.byTrack) =>
      s.parts > 0 &&
      io.stdout(
        `  ${label}: ${s.allocated}${s.of === null ? '' : ` of ${s.of}${s.over !== '0' ? `, over-split by ${s.over}` : s.remainder !== '0' ? `, ${s.remainder} not split` : ', fully split'}`}\n`,
      );
    part('split by track', splits.byTrack);
    part('split by month', splits.byMonth);
    for (const t of splits.trackMonths) part(`${t.trackId} by month`, t);
    for (const n of notices) io.stdout(`notice ${n.id}: ${n.message}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

/** Sets the total (no --track, no --month: the same budget as New / Edit project) or one split of it. */
function setBudget(
  values: {
    db?: string | undefined;
    json?: boolean | undefined;
    project?: string | undefined;
    amount: string;
    track?: string | undefined;
    month?: string | undefined;
    thresholds?: string | undefined;
  },
  io: CliIo,
): number {
  const app = openCliServices(values, io);
  try {
    const { plan } = app.services.plan.load(values.project);
    const projectId = plan.project.id;
    const trackId = values.track ?? null;
    const month = values.month ?? null;
    if (month !== null && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
      throw new UserError('INVALID_MONTH', `--month is a month YYYY-MM, not "${month}".`, { field: 'month', value: month });
    const parsedAmount = amountText.safeParse(values.amount);
    if (!parsedAmount.success)
      throw new UserError('INVALID_AMOUNT', `--amount is ${parsedAmount.error.issues[0]!.message}, not "${values.amount.trim()}".`, {
        field: 'amount',
        value: values.amount,
      });
    const amount = parsedAmount.data;
    const existing = app.services.budget.listBudgets(projectId).find((b) => b.trackId === trackId && b.month === month);
    let thresholds = existing?.thresholds ?? [50, 80, 100, 120];
    if (values.thresholds !== undefined) {
      thresholds = values.thresholds
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number);
      if (thresholds.length === 0 || !thresholds.every((t) => Number.isInteger(t) && t >= 1 && t <= 1000))
        throw new UserError('INVALID_THRESHOLDS', '--thresholds are whole percentages 1–1000, e.g. 50,80,100.', {
          field: 'thresholds',
          value: values.thresholds,
        });
    }
    const saved = app.services.budget.saveBudget({ projectId, trackId, month, amount, currency: plan.project.currency, thresholds });
    if (values.json) printJson(io, { budget: saved, splits: app.services.budget.budgetRecord(projectId).splits });
    else io.stdout(`${projectId}: budget ${trackId ?? 'project'} ${month ?? 'total'} = ${money(saved.currency, toCents(saved.amount))}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}

function dismissNotice(id: number, values: { db?: string | undefined }, io: CliIo): number {
  const app = openCliServices(values, io);
  try {
    if (!app.services.budget.dismissNotice(id))
      throw new UserError('NOT_FOUND', `No open notice ${id}.`, { field: 'id', value: String(id) });
    io.stdout(`dismissed notice ${id}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
