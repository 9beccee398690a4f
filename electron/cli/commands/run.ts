/**
 * `gpu-planner run record|import|list|edit|remove|correction` (issue 29 item 2): the lead's own finished runs, and the
 * corrections they make to the plan's estimates (per model family and offering), on the same service as the app's
 * "Record a finished run" (electron/services/runs/runs.service.ts).
 */
import path from 'node:path';
import { formatRatio } from '../../../shared/domain/runs/corrections';
import { RUN_FILE_FORMAT_LABELS } from '../../../shared/domain/runs/run-files';
import type { RunsView } from '../../services/runs/runs.service';
import { EXIT_OK, parseProjectCommandArgs, printJson, UsageError, type CliIo, type ParseArgsOptionsConfig } from '../cli-io';
import { openCliServices } from '../cli-services';

export const USAGE = [
  'usage: gpu-planner run record (--saved WORKLOAD_ID | --milestone PHASE_ID) [--offering OFFERING_ID] --hours H',
  '                              [--samples-per-second S] [--project ID] [--db PATH] [--json]',
  '       gpu-planner run import FILE (--saved WORKLOAD_ID | --milestone PHASE_ID) [--offering OFFERING_ID] [--project ID] [--db PATH] [--json]',
  '       gpu-planner run list [--project ID] [--db PATH] [--json]',
  '       gpu-planner run edit RUN_ID --hours H [--samples-per-second S] [--db PATH] [--json]',
  '       gpu-planner run remove RUN_ID [--db PATH] [--json]',
  '       gpu-planner run correction --model FAMILY --offering OFFERING_ID (--ratio X | --ignore | --reset) [--project ID] [--db PATH] [--json]',
  'FILE: a Hugging Face trainer_state.json or all_results.json, a PyTorch Lightning CSVLogger metrics.csv, or a W&B runs export CSV',
].join('\n');

const parse = <const O extends ParseArgsOptionsConfig>(args: string[], options: O) => parseProjectCommandArgs(args, options, USAGE);

const hoursText = (h: number | null) => (h === null ? '—' : `${Math.round(h * 100) / 100} h`);

function print(io: CliIo, view: RunsView, json: boolean, extra: Record<string, unknown> = {}): void {
  if (json) {
    printJson(io, { ...extra, projectId: view.projectId, runs: view.runs, corrections: view.corrections, billed: view.billed });
    return;
  }
  if (view.runs.length === 0) io.stdout(`${view.projectId}: no recorded run\n`);
  for (const r of view.runs)
    io.stdout(
      `${String(r.id).padStart(4)}  ${r.recordedAt.slice(0, 10)}  ${r.workloadName} on ${r.offeringLabel}: ${hoursText(r.hours)}${r.samplesPerSecond ? `, ${Math.round(r.samplesPerSecond * 10) / 10} samples/s` : ''}; estimated ${hoursText(r.estimatedHours)}${r.ratio ? ` (${formatRatio(r.ratio)})` : ''}; ${r.source.kind === 'file' ? `from ${r.source.file} (${RUN_FILE_FORMAT_LABELS[r.source.format]})` : 'typed'}\n`,
    );
  if (view.corrections.length) io.stdout('corrections (model family × offering):\n');
  for (const c of view.corrections) io.stdout(`  ${c.modelFamily} × ${c.offeringId}: ${c.text}\n`);
  if (view.billed.length) io.stdout('billed GPU-hours against the estimate (milestone phase):\n');
  for (const b of view.billed) io.stdout(`  ${b.phaseId} ${b.label}: ${b.text}\n`);
}

function positiveNumber(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n))
    throw new UsageError(`--${flag} must be a number, not "${String(value)}"\n${USAGE}`);
  return n;
}

export async function runRunCommand(args: string[], io: CliIo): Promise<number> {
  const [what, ...rest] = args;
  const text = { type: 'string' } as const;
  if (what === 'record' || what === 'import') {
    const { values, positionals } = parse(rest, { saved: text, milestone: text, offering: text, hours: text, 'samples-per-second': text });
    const target = { projectId: values.project, workloadId: values.saved, phaseId: values.milestone, offeringId: values.offering };
    if ((values.saved === undefined) === (values.milestone === undefined)) throw new UsageError(`give --saved or --milestone\n${USAGE}`);
    if (what === 'record' && (positionals.length > 0 || values.hours === undefined)) throw new UsageError(USAGE);
    if (what === 'import' && (positionals.length !== 1 || values.hours !== undefined)) throw new UsageError(USAGE);
    const ctx = openCliServices(values, io);
    try {
      if (what === 'record') {
        const saved = ctx.services.runs.record({
          ...target,
          hours: positiveNumber('hours', values.hours)!,
          samplesPerSecond: positiveNumber('samples-per-second', values['samples-per-second']) ?? null,
        });
        print(io, saved, values.json, { runIds: saved.runIds });
      } else {
        const result = ctx.services.runs.importFile({ ...target, file: path.resolve(io.cwd, positionals[0]!) });
        if (!values.json)
          io.stdout(
            `${result.fileName}: ${RUN_FILE_FORMAT_LABELS[result.format]}, ${result.runIds.length} run${result.runIds.length === 1 ? '' : 's'} recorded${result.skipped.length ? `; left out: ${result.skipped.map((s) => `line ${s.line} ${s.reason}`).join('; ')}` : ''}\n`,
          );
        print(io, result, values.json, {
          runIds: result.runIds,
          format: result.format,
          fileName: result.fileName,
          skipped: result.skipped,
        });
      }
      return EXIT_OK;
    } finally {
      ctx.close();
    }
  }
  if (what === 'list' || what === 'edit' || what === 'remove') {
    const { values, positionals } = parse(rest, { hours: text, 'samples-per-second': text });
    const id = Number(positionals[0]);
    if (what === 'list' ? positionals.length > 0 : positionals.length !== 1 || !Number.isInteger(id) || id <= 0)
      throw new UsageError(USAGE);
    if (what === 'edit' && values.hours === undefined) throw new UsageError(USAGE);
    const ctx = openCliServices(values, io);
    try {
      const runs = ctx.services.runs;
      const view =
        what === 'list'
          ? runs.list(values.project)
          : what === 'remove'
            ? runs.remove(id)
            : runs.update({
                id,
                hours: positiveNumber('hours', values.hours)!,
                samplesPerSecond: positiveNumber('samples-per-second', values['samples-per-second']) ?? null,
              });
      print(io, view, values.json);
      return EXIT_OK;
    } finally {
      ctx.close();
    }
  }
  if (what === 'correction') {
    const { values, positionals } = parse(rest, {
      model: text,
      offering: text,
      ratio: text,
      ignore: { type: 'boolean' },
      reset: { type: 'boolean' },
    });
    const chosen = [values.ratio !== undefined, values.ignore === true, values.reset === true].filter(Boolean).length;
    if (positionals.length > 0 || !values.model || !values.offering || chosen !== 1) throw new UsageError(USAGE);
    const ctx = openCliServices(values, io);
    try {
      const view = ctx.services.runs.setCorrection({
        projectId: values.project,
        modelFamily: values.model,
        offeringId: values.offering,
        ratio: positiveNumber('ratio', values.ratio) ?? null,
        ignored: values.ignore === true,
        reset: values.reset === true,
      });
      print(io, view, values.json);
      return EXIT_OK;
    } finally {
      ctx.close();
    }
  }
  throw new UsageError(USAGE);
}
