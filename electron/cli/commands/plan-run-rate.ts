/** `gpu-planner plan run-rate [--project ID] [--json]`: the project's setups per run, month and year (seed 003's example). */
import type { RunRate } from '../../../shared/domain/plan/run-rate';
import { EXIT_OK, printJson, type CliIo } from '../cli-io';
import { openCliServices } from '../cli-services';
import { amountText } from '../../../shared/domain/money-format';

const dollars = (v: string | null) => (v === null ? '—' : amountText('USD', v));
const authorText = (r: RunRate) =>
  `${r.author.low === r.author.high ? dollars(r.author.low) : `${dollars(r.author.low)}–${dollars(r.author.high)}`}/${r.author.per}`;

export function runRateText(rates: RunRate[]): string {
  if (rates.length === 0) return 'This project defines no run-rate setups (the seed-003 example does).\n';
  const out: string[] = [];
  for (const r of rates) {
    out.push(`${r.name}`);
    for (const l of r.lines)
      out.push(
        `  ${l.trackId}: ${l.offeringId} ${l.priceKind} ${l.boxHours} h × $${l.price?.usd ?? '?'}/h = ${dollars(l.usd)}${l.price ? ` (price as of ${l.price.asOf})` : ' UNPRICED'}${l.commitment ? `; as a commitment ${dollars(l.commitment.usdPerMonth)}/month, ${(l.commitment.utilisation * 100).toFixed(1)}% used` : ''}`,
      );
    out.push(
      `  storage ${dollars(r.storageUsdPerMonth)}/month (${r.storage.map((s) => `${s.label} ${dollars(s.usdPerMonth)}`).join(', ')})`,
    );
    out.push(
      r.period === 'run'
        ? `  app: ${dollars(r.usdPerRun)} per run · author: ${authorText(r)}`
        : `  app: ${dollars(r.usdPerMonth)}/month, ${dollars(r.usdPerYear)}/year (reserved billed as committed: ${dollars(r.usdPerMonthAsCommitted)}/month) · author: ${authorText(r)}`,
    );
    out.push(`  author's text: ${r.author.text}`, '');
  }
  return `${out.join('\n')}\n`;
}

export async function runPlanRunRate(
  values: { db?: string | undefined; project?: string | undefined; json?: boolean | undefined },
  io: CliIo,
) {
  const app = openCliServices(values, io);
  try {
    const result = app.services.plan.runRates(values.project);
    if (values.json) printJson(io, result);
    else io.stdout(runRateText(result.runRates));
    return EXIT_OK;
  } finally {
    app.close();
  }
}
