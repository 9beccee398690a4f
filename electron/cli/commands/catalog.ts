import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, printJson, UsageError, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';

const USAGE =
  'usage: gpu-planner catalog gpus|offerings [--db PATH] [--json]\n       gpu-planner catalog export --out FILE [--bom]\n       gpu-planner catalog import FILE [--json]';

/** `gpu-planner catalog gpus|offerings` — spec/cli.md. */
export async function runCatalogCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      bom: { type: 'boolean', default: false },
    },
  });
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
      const gpus = app.services.catalog.listGpus().map((g) => ({
        id: g.id,
        name: g.name,
        memoryGiB: g.memoryGiB,
        memoryBandwidthGBs: g.memoryBandwidthGBs,
        tflops: g.tflops,
        source: g.source,
        vendor: g.vendor,
        architecture: g.architecture,
        tdpWatts: g.tdpWatts,
        interconnectGBs: g.interconnectGBs,
      }));
      if (values.json) printJson(io, { gpus });
      else
        for (const g of gpus)
          io.stdout(
            `${g.id.padEnd(20)} ${String(g.memoryGiB).padStart(5)} GiB  ${String(g.memoryBandwidthGBs).padStart(6)} GB/s  bf16 ${g.tflops.bf16 ?? '—'} TFLOP/s  fp32 ${g.tflops.fp32 ?? '—'} TFLOP/s\n`,
          );
    } else {
      const offerings = app.services.catalog.listOfferings().map((o) => ({
        id: o.id,
        provider: o.providerName,
        providerId: o.providerId,
        sku: o.sku,
        gpuId: o.gpuId,
        gpuCount: o.gpuCount,
        vcpus: o.vcpus,
        ramGiB: o.ramGiB,
        region: o.region,
        notes: o.notes,
        powerWatts: o.powerWatts,
        userDefined: o.userDefined,
        prices: o.prices.map((p) => ({
          kind: p.kind,
          usd: p.usd,
          per: p.per,
          usdLow: p.usdLow,
          usdHigh: p.usdHigh,
          asOf: p.asOf,
          source: p.source,
          notes: p.notes,
        })),
      }));
      if (values.json) printJson(io, { offerings });
      else
        for (const o of offerings)
          io.stdout(
            `${o.id.padEnd(34)} ${o.provider.padEnd(18)} ${o.gpuCount}× ${o.gpuId.padEnd(18)} ${o.prices.map((p) => `${p.kind} $${p.usd}/${p.per} (${p.asOf})`).join(', ')}\n`,
          );
    }
    return EXIT_OK;
  } finally {
    app.close();
  }
}
