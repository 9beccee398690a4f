import path from 'node:path';
import { UserError } from '../../../shared/domain/errors';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';

const USAGE = `usage:
  gpu-planner project list [--json]
  gpu-planner project new --name NAME --start DATE --end DATE --currency CODE --budget AMOUNT [--track NAME --owner NAME] [--json]
  gpu-planner project export [--project ID] [--with-spend] --out FILE
  gpu-planner project import FILE [--into PROJECT_ID] [--json]
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
      'with-spend': { type: 'boolean', default: false },
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
        `${p.id.padEnd(16)} ${p.name}${flags ? ` (${flags})` : ''}  ${p.start} → ${p.end}  budget ${p.currency} ${p.budget}  ${p.tracks} tracks, ${p.scenarios} scenarios\n`,
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
      `Wrote ${r.file} (${r.bytes} bytes, ${r.scenarios} scenarios${values['with-spend'] ? `, ${r.spendLines} spend lines` : ''})\n`,
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
