import { UserError } from '../../../shared/domain/errors';
import { toCliJson } from '../../../shared/estimate/cli-json';
import { parseWorkload } from '../../../shared/estimate/workload';
import { EXIT_OK, parseCommandArgs, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { DEFAULT_MIN_RELIABILITY } from '../../../shared/estimate/reliable-ranking';
import { readWorkloadFile } from '../workload-file';
import { runBuyVsRentCommand } from './buy-vs-rent';
import { parseRankOptions, rankingText, withRanking } from './estimate-ranking';

export const USAGE =
  'usage: gpu-planner estimate --workload FILE [--gpu ID]... [--rank cost|reliable] [--min-reliability 0-1] [--include-flagged] [--db PATH] [--json]\n       gpu-planner estimate presets [--json]\n' +
  '       gpu-planner estimate buy-vs-rent (--workload FILE | --saved ID) --machine OFFERING_ID [--rental OFFERING_ID]... [--hours H] [--rental-hours H] [--runs N] [--start YYYY-MM] [--months N] [--json]';

/** `gpu-planner estimate --workload FILE [--gpu ID]... --json` — docs/cli.md. Computes in-process with the app's pure functions. */
export async function runEstimateCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'buy-vs-rent') return runBuyVsRentCommand(args.slice(1), io);
  const parsed = parseCommandArgs(
    args,
    {
      db: { type: 'string' },
      workload: { type: 'string' },
      gpu: { type: 'string', multiple: true },
      rank: { type: 'string', default: 'cost' },
      'min-reliability': { type: 'string', default: String(DEFAULT_MIN_RELIABILITY) },
      json: { type: 'boolean', default: false },
      'include-flagged': { type: 'boolean', default: false },
    },
    USAGE,
  );
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
  const rank = parseRankOptions(values.rank, values['min-reliability'], USAGE);
  const file = values.workload;
  const raw = readWorkloadFile(io, file);
  parseWorkload(raw, file);
  const app = openCliServices(values, io);
  try {
    let estimate;
    try {
      estimate = app.services.estimate.estimateWorkload(raw, values.gpu, { includeFlagged: values['include-flagged'] === true });
    } catch (error) {
      if (error instanceof UserError) throw new UserError(error.code, error.message, { ...error.details, file });
      throw error;
    }
    const reliability = app.services.catalog.listReliability();
    if (values.json) {
      printJson(io, withRanking(toCliJson(estimate), estimate, reliability, rank.by, rank.min));
      return EXIT_OK;
    }
    io.stdout(
      `${estimate.model.name}: ${estimate.model.params.toLocaleString('en-US')} params (${estimate.model.trainableParams.toLocaleString('en-US')} trainable), ${(estimate.model.forwardFlopsPerSample / 1e9).toFixed(3)} GFLOP forward per sample\n\n`,
    );
    const w = estimate.workload;
    const format = estimate.results.find((r) => r.throughput.memoryFormat)?.throughput.memoryFormat;
    io.stdout(
      `stack: ${w.stack}${format ? ` · memory format: ${format}` : ''} · ${w.gpuCount} GPU${w.gpuCount > 1 ? `s over ${w.nodeCount} node${w.nodeCount > 1 ? 's' : ''} (data parallel, batch ${w.batchSize} per GPU)` : ''}\n\n`,
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
    io.stdout(rankingText(estimate, reliability, rank.by, rank.min));
    for (const n of estimate.notes) io.stdout(`\nnote: ${n}\n`);
    for (const p of estimate.leftOut)
      io.stdout(
        `\nleft out: ${p.providerName} ${p.sku} ${p.priceKind} $${p.usd}/${p.per} (as of ${p.asOf}) — ${p.reason} Price it anyway with --include-flagged.\n`,
      );
    return EXIT_OK;
  } finally {
    app.close();
  }
}
