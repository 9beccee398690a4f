import fs from 'node:fs';
import path from 'node:path';
import { EXIT_OK, parseCommandArgs, printJson, printList, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import type { Gpu, OfferingWithPrices, Price } from '../../../shared/domain/catalog';

export const USAGE =
  'usage: gpu-planner catalog gpus|offerings [--db PATH] [--json]\n       gpu-planner catalog export --out FILE [--bom]\n       gpu-planner catalog import FILE [--json]';

/** The fields `catalog gpus|offerings --json` prints, in this order (docs/cli.md). */
const GPU_FIELDS = [
  'id',
  'name',
  'memoryGiB',
  'memoryBandwidthGBs',
  'tflops',
  'source',
  'vendor',
  'architecture',
  'tdpWatts',
  'interconnectGBs',
] as const satisfies ReadonlyArray<keyof Gpu>;
const OFFERING_FIELDS = [
  'providerId',
  'sku',
  'gpuId',
  'gpuCount',
  'vcpus',
  'ramGiB',
  'region',
  'notes',
  'powerWatts',
  'userDefined',
] as const satisfies ReadonlyArray<keyof OfferingWithPrices>;
const PRICE_FIELDS = ['kind', 'usd', 'per', 'usdLow', 'usdHigh', 'asOf', 'source', 'notes'] as const satisfies ReadonlyArray<keyof Price>;

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}

/** `gpu-planner catalog gpus|offerings|export|import` — docs/cli.md. */
export async function runCatalogCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      bom: { type: 'boolean', default: false },
    },
    USAGE,
  );
  const what = positionals[0];
  if (what !== 'gpus' && what !== 'offerings' && what !== 'export' && what !== 'import') throw new UsageError(USAGE);
  if (what === 'export' && !values.out) throw new UsageError(USAGE);
  if (what === 'import' && !positionals[1]) throw new UsageError(USAGE);
  const app = openCliServices(values, io);
  try {
    if (what === 'export') {
      const { text, rows } = app.services.catalog.exportCsv({ bom: values.bom });
      fs.writeFileSync(path.resolve(io.cwd, values.out!), text, 'utf8');
      io.stderr(`wrote ${rows} price rows to ${values.out}\n`);
      return EXIT_OK;
    }
    if (what === 'import') {
      const file = path.resolve(io.cwd, positionals[1]!);
      const summary = app.services.catalog.importCsv(fs.readFileSync(file, 'utf8'), positionals[1]!);
      if (values.json) printJson(io, summary);
      else
        io.stdout(
          `${summary.rows} rows: ${summary.offeringsAdded} offerings and ${summary.pricesAdded} prices added, ${summary.unchanged} already present\n`,
        );
      return EXIT_OK;
    }
    if (what === 'gpus') {
      const gpus = app.services.catalog.listGpus().map((g) => pick(g, GPU_FIELDS));
      printList(
        io,
        values.json,
        'gpus',
        gpus,
        (g) =>
          `${g.id.padEnd(20)} ${String(g.memoryGiB).padStart(5)} GiB  ${String(g.memoryBandwidthGBs).padStart(6)} GB/s  bf16 ${g.tflops.bf16 ?? '—'} TFLOP/s  fp32 ${g.tflops.fp32 ?? '—'} TFLOP/s`,
      );
    } else {
      const offerings = app.services.catalog.listOfferings().map((o) => ({
        id: o.id,
        provider: o.providerName,
        ...pick(o, OFFERING_FIELDS),
        prices: o.prices.map((p) => pick(p, PRICE_FIELDS)),
      }));
      printList(
        io,
        values.json,
        'offerings',
        offerings,
        (o) =>
          `${o.id.padEnd(34)} ${o.provider.padEnd(18)} ${o.gpuCount}× ${o.gpuId.padEnd(18)} ${o.prices.map((p) => `${p.kind} $${p.usd}/${p.per} (${p.asOf})`).join(', ')}`,
      );
    }
    return EXIT_OK;
  } finally {
    app.close();
  }
}
