import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UserError } from '../../../shared/domain/errors';
import { toCliJson } from '../../../shared/estimate/estimate';
import { parseWorkload } from '../../../shared/estimate/workload';
import { EXIT_OK, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';

const USAGE =
  'usage: gpu-planner estimate --workload FILE [--gpu ID]... [--db PATH] [--json]\n       gpu-planner estimate presets [--json]';

/** Line and column of a JSON syntax error: the shortest prefix that fails for another reason than ending early. */
function jsonErrorPlace(text: string, message: string): { line?: number; column?: number } {
  const at = /position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1])).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  }
  const failsInside = (n: number) => {
    try {
      JSON.parse(text.slice(0, n));
      return false;
    } catch (error) {
      return !/end of (JSON )?input|Unterminated|\bExpected/.test(String(error));
    }
  };
  if (!failsInside(text.length)) return {};
  let lo = 1;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsInside(mid)) hi = mid;
    else lo = mid + 1;
  }
  const before = text.slice(0, lo - 1).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** `gpu-planner estimate --workload FILE [--gpu ID]... --json` — spec/cli.md. Computes in-process with the app's pure functions. */
export async function runEstimateCommand(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        db: { type: 'string' },
        workload: { type: 'string' },
        gpu: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals[0] === 'presets' && positionals.length === 1) {
    const app = openCliServices(values, io);
    try {
      const presets = app.services.estimate.listPresets();
      if (values.json) printJson(io, { presets });
      else for (const p of presets) io.stdout(`${p.id.padEnd(18)} ${String(p.params).padStart(14)} params  ${p.name}\n`);
      return EXIT_OK;
    } finally {
      app.close();
    }
  }
  if (positionals.length > 0 || !values.workload) throw new UsageError(USAGE);
  const file = values.workload;
  const full = path.resolve(io.cwd, file);
  if (!fs.existsSync(full)) throw new UserError('FILE_NOT_FOUND', `No such workload file: ${file}`, { file });
  const text = fs.readFileSync(full, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UserError('INVALID_JSON', `not valid JSON: ${message}`, { file, ...jsonErrorPlace(text, message) });
  }
  parseWorkload(raw, file);
  const app = openCliServices(values, io);
  try {
    let estimate;
    try {
      estimate = app.services.estimate.estimateWorkload(raw, values.gpu);
    } catch (error) {
      if (error instanceof UserError) throw new UserError(error.code, error.message, { ...error.details, file });
      throw error;
    }
    if (values.json) {
      printJson(io, toCliJson(estimate));
      return EXIT_OK;
    }
    io.stdout(
      `${estimate.model.name}: ${estimate.model.params.toLocaleString('en-US')} params (${estimate.model.trainableParams.toLocaleString('en-US')} trainable), ${(estimate.model.forwardFlopsPerSample / 1e9).toFixed(3)} GFLOP forward per sample\n\n`,
    );
    const w = estimate.workload;
    io.stdout(
      `stack: ${w.stack} · ${w.gpuCount} GPU${w.gpuCount > 1 ? `s over ${w.nodeCount} node${w.nodeCount > 1 ? 's' : ''} (data parallel, batch ${w.batchSize} per GPU)` : ''}\n\n`,
    );
    io.stdout('gpu                  fits  batch≤  peak GiB  samples/s    bound      hours   cheapest\n');
    for (const r of estimate.results) {
      const cheapest = r.training?.offerings.slice().sort((a, b) => a.usd - b.usd)[0];
      if (r.throughput.scaling)
        io.stdout(
          `${''.padEnd(20)} scaling ${(r.throughput.scaling.efficiency * 100).toFixed(0)}% on ${r.gpuCount} GPUs: ${r.throughput.scaling.limit}\n`,
        );
      io.stdout(
        `${r.gpuId.padEnd(20)} ${(r.fits ? 'yes' : 'no').padEnd(5)} ${String(r.largestBatch).padStart(6)}  ${r.memory.peakGiB.toFixed(2).padStart(8)}  ${r.throughput.samplesPerSecond.toFixed(1).padStart(9)}  ${r.throughput.bound.padEnd(9)} ${r.training ? r.training.hours.toFixed(2).padStart(7) : '      —'}   ${cheapest ? `$${cheapest.usd} ${cheapest.priceKind} ${cheapest.offeringId} (as of ${cheapest.asOf})` : ''}\n`,
      );
      if (cheapest?.earlyStopping) io.stdout(`${''.padEnd(20)} ${cheapest.earlyStopping.text}\n`);
      for (const rule of cheapest?.runRules ?? []) io.stdout(`${''.padEnd(20)} ${rule.severity}: ${rule.message}\n`);
    }
    for (const n of estimate.notes) io.stdout(`\nnote: ${n}\n`);
    return EXIT_OK;
  } finally {
    app.close();
  }
}
