/** Layout of the timeline: bars as runs of consecutive weeks on the same offering, packed into sub-rows. */
import type { Allocation, OfferingFacts } from '../../../shared/domain/plan/types';
import Big from 'big.js';
import { money, toCents } from '../../../shared/domain/money-format';
import { catalogUsdIn, factorAt, type PlanConversion } from '../../../shared/domain/plan/plan-currency';
import { weekOf } from '../../../shared/domain/plan/weeks';

export interface Run {
  key: string;
  trackId: string;
  offeringId: string | null;
  gpuId: string;
  startIndex: number;
  endIndex: number;
  allocations: Allocation[];
  row: number;
}

export function buildRuns(allocations: Allocation[], weekIndex: Map<string, number>): Run[] {
  const sorted = allocations
    .filter((a) => weekIndex.has(a.week))
    .sort(
      (a, b) =>
        `${a.trackId}|${a.offeringId}|${a.gpuId}`.localeCompare(`${b.trackId}|${b.offeringId}|${b.gpuId}`) ||
        weekIndex.get(a.week)! - weekIndex.get(b.week)!,
    );
  const runs: Run[] = [];
  for (const a of sorted) {
    const i = weekIndex.get(a.week)!;
    const last = runs[runs.length - 1];
    if (last && last.trackId === a.trackId && last.offeringId === a.offeringId && last.gpuId === a.gpuId && last.endIndex === i - 1) {
      last.endIndex = i;
      last.allocations.push(a);
    } else {
      runs.push({
        key: a.id,
        trackId: a.trackId,
        offeringId: a.offeringId,
        gpuId: a.gpuId,
        startIndex: i,
        endIndex: i,
        allocations: [a],
        row: 0,
      });
    }
  }
  // Pack each track's runs into sub-rows (greedy interval colouring).
  const byTrack = new Map<string, Run[]>();
  for (const r of runs) byTrack.set(r.trackId, [...(byTrack.get(r.trackId) ?? []), r]);
  for (const list of byTrack.values()) {
    list.sort((a, b) => a.startIndex - b.startIndex);
    const rowEnds: number[] = [];
    for (const r of list) {
      let row = rowEnds.findIndex((end) => end < r.startIndex);
      if (row < 0) {
        row = rowEnds.length;
        rowEnds.push(r.endIndex);
      } else rowEnds[row] = r.endIndex;
      r.row = row;
    }
  }
  return runs;
}

const SHORT: Record<string, string> = {
  't4-16gb': 'T4',
  'l4-24gb': 'L4',
  'a100-sxm-40gb': 'A100',
  'a100-pcie-40gb': 'A100',
  'a100-sxm-80gb': 'A100 80G',
  'h100-sxm-80gb': 'H100',
  'rtx-4090-24gb': 'RTX 4090',
};

export function gpuShort(gpuId: string): string {
  return SHORT[gpuId] ?? gpuId.replace(/-\d+gb$/, '').toUpperCase();
}

export function offeringLabel(offeringId: string | null, gpuId: string, offerings: Map<string, OfferingFacts>): string {
  if (!offeringId) return `${gpuShort(gpuId)} (GPU type only)`;
  const o = offerings.get(offeringId);
  return o ? o.label : `${offeringId} (not in catalog)`;
}

/** Lighter tint of a #rrggbb colour for bars of a second offering in the same lane. */
export function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

export function fmtHours(h: number): string {
  return Number.isInteger(h) ? String(h) : h.toFixed(1);
}

/** An amount of the plan to the cent in its currency, by the one money formatter (`€1,234.50`). */
export function fmtMoney(s: string, currency: string): string {
  return money(currency, toCents(s));
}

/**
 * An estimate (the estimator answers in the catalog's USD) in the plan's currency, at the rate of its phase's start week
 * (report-currency.ts does the same for the PDF), so the phase reads the same figure on screen and on paper.
 */
export function estimateMoney(usd: string, start: string, totals: { currency: string; conversion: PlanConversion | null }): string {
  const factor = factorAt(totals.conversion, weekOf(start));
  return factor ? fmtMoney(new Big(usd).times(factor).toFixed(2), totals.currency) : `${fmtMoney(usd, 'USD')} (no ${totals.currency} rate)`;
}

/** An estimate's basis, its quoted catalog prices (USD) in the plan's currency at the same rate, the dollars beside. */
export function estimateBasis(basis: string, start: string, totals: { currency: string; conversion: PlanConversion | null }): string {
  return catalogUsdIn(basis, factorAt(totals.conversion, weekOf(start)), totals.currency);
}
