/** The weekly "Storage & transfer" totals row: its own line, never folded into the GPU cost row (issue 19 item 15). */
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { fmtMoney } from './timeline-model';
import type { TotalText } from './TimelineRows';

type Totals = PlanView['analysis']['totals'];

/** Which rates the plan's storage and transfer lines use, with date and source, for the cells' hover text. */
export function dataRatesText(totals: Totals): string {
  const seen = new Map<string, string>();
  for (const line of totals.dataCosts.lines)
    if (line.rate && !seen.has(line.rate.id))
      seen.set(line.rate.id, `${line.rate.sku}: ${line.rate.price}, as of ${line.rate.asOf} (${line.rate.source})`);
  return [...seen.values()].join('\n');
}

/** The weekly Storage and Data transfer rows' cells (empty maps when the plan states neither). */
export function dataCostCells(totals: Totals): { storage: Map<string, TotalText>; transfer: Map<string, TotalText> } {
  const storage = new Map<string, TotalText>();
  const transfer = new Map<string, TotalText>();
  if (totals.dataCosts.lines.length === 0) return { storage, transfer };
  const rates = dataRatesText(totals);
  for (const t of totals.weeks) {
    const m = (v: string) => fmtMoney(v, totals.currency);
    const title = `${t.week}: storage ${m(t.storageUsd)}, data transfer ${m(t.transferUsd)}; GPU cost ${m(t.usd)} (separate); all costs ${m(t.allCostsUsd)}.\n${totals.dataCosts.rule}\n${rates}`;
    const cell = (usd: string): TotalText => ({ text: Number(usd) > 0 ? m(usd) : '—', cls: '', title });
    storage.set(t.week, cell(t.storageUsd));
    transfer.set(t.week, cell(t.transferUsd));
  }
  return { storage, transfer };
}
