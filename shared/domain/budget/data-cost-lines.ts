/**
 * Storage and network spend lines of a billing import, compared with the plan's storage and transfer lines (issue 19
 * item 15). A line is classed by its service, SKU / meter and usage unit as the dialects map them: FOCUS ServiceName
 * (e.g. "Amazon Simple Storage Service", "Bandwidth"), CUR product code and usage type (AmazonS3, "DataTransfer-Out-
 * Bytes", "EBS:VolumeUsage.gp3"), Azure MeterCategory ("Storage", "Bandwidth") and GCP service ("Cloud Storage",
 * "Networking" egress SKUs).
 */
import Big from 'big.js';
import type { DataCostTotals } from '../data-costs/weekly';
import { projectMonthOfWeek, weekOf } from '../plan/weeks';
import type { Plan } from '../plan/types';
import { allocate } from './allocation';
import { convert } from './currency';
import { cents } from './money';
import type { AllocationRule, BudgetSpendLine, ExchangeRate } from './types';

export type DataSpendCategory = 'storage' | 'transfer';

const TRANSFER = /data ?transfer|bandwidth|egress|internet|networking|inter-?region|cloudfront|-out-bytes|\bnat gateway/i;
const STORAGE =
  /storage|\bs3\b|amazons3|simple storage|\bebs\b|elastic block|volumeusage|timedstorage|managed dis[ck]|premium ssd|standard ssd|persistent dis[ck]|\bblob\b|\blrs\b|\bzrs\b|snapshot|google drive/i;
const STORAGE_UNIT = /gb-?mo|gb-month|gibibyte ?month|gib.?mo|gb month|byte-?seconds|gibibyte hour|gb.?hour/i;

/** storage, transfer, or null (compute and everything else). Transfer first: "Storage" meters also bill egress. */
export function dataSpendCategory(line: Pick<BudgetSpendLine, 'service' | 'sku' | 'usageUnit'>): DataSpendCategory | null {
  const text = `${line.service ?? ''} ${line.sku ?? ''}`;
  if (TRANSFER.test(text)) return 'transfer';
  if (STORAGE.test(text) || STORAGE_UNIT.test(line.usageUnit ?? '')) return 'storage';
  return null;
}

export interface DataCostComparisonRow {
  category: DataSpendCategory;
  /** The plan's line for the whole project, and up to the last day with spend data. */
  planned: string;
  plannedToDate: string;
  /** Billed storage / network spend assigned to the project's tracks, in its dates, in its currency. */
  actual: string;
  lineCount: number;
  /** actual + the plan's line after the last day with data. */
  forecast: string;
  /** planned to date − actual (positive: under plan, good). */
  varianceToDate: string;
  byMonth: Record<string, { planned: string; actual: string }>;
}

export interface DataCostComparison {
  rows: DataCostComparisonRow[];
  /** Storage or network spend of the project's dates that no rule assigns to a track (not in `actual`). */
  unassigned: { lineCount: number; usd: string };
  basis: string;
}

export interface DataCostComparisonInput {
  plan: Plan;
  planned: DataCostTotals;
  lines: readonly BudgetSpendLine[];
  rules: readonly AllocationRule[];
  rates: readonly ExchangeRate[];
  /** Last day with spend data in the project's dates (the overview's dataAsOf), null before any. */
  dataAsOf: string | null;
}

const CATEGORIES: DataSpendCategory[] = ['storage', 'transfer'];

export function compareDataCosts(input: DataCostComparisonInput): DataCostComparison {
  const { plan, planned, lines, rules, rates, dataAsOf } = input;
  const project = plan.project;
  const trackIds = new Set(plan.tracks.map((t) => t.id));
  const { trackOf } = allocate(
    lines,
    rules.filter((r) => r.projectId === project.id),
  );
  const asOfWeek = dataAsOf ? weekOf(dataAsOf) : null;
  const rows = new Map(
    CATEGORIES.map((c) => [
      c,
      { planned: new Big(0), toDate: new Big(0), actual: new Big(0), count: 0, months: new Map<string, { planned: Big; actual: Big }>() },
    ]),
  );
  const month = (c: DataSpendCategory, m: string) => {
    const r = rows.get(c)!.months;
    const v = r.get(m) ?? { planned: new Big(0), actual: new Big(0) };
    r.set(m, v);
    return v;
  };
  for (const [week, w] of Object.entries(planned.weeks)) {
    for (const c of CATEGORIES) {
      const v = new Big(c === 'storage' ? w.storageExact : w.transferExact);
      const row = rows.get(c)!;
      row.planned = row.planned.plus(v);
      if (asOfWeek && week <= asOfWeek) row.toDate = row.toDate.plus(v);
      const m = projectMonthOfWeek(week, project.start, project.end);
      month(c, m).planned = month(c, m).planned.plus(v);
    }
  }
  const unassigned = { lineCount: 0, usd: new Big(0) };
  for (const line of lines) {
    const category = dataSpendCategory(line);
    const day = line.chargePeriodStart.slice(0, 10);
    if (!category || day < project.start || day > project.end) continue;
    const converted = convert(line.billedCost, line.currency, project.currency, day, rates);
    const trackId = trackOf.get(line.id);
    if (!trackId || !trackIds.has(trackId)) {
      unassigned.lineCount++;
      if (converted) unassigned.usd = unassigned.usd.plus(converted.value);
      continue;
    }
    if (!converted) continue;
    const row = rows.get(category)!;
    row.actual = row.actual.plus(converted.value);
    row.count++;
    month(category, day.slice(0, 7)).actual = month(category, day.slice(0, 7)).actual.plus(converted.value);
  }
  return {
    rows: CATEGORIES.map((category) => {
      const r = rows.get(category)!;
      const remaining = asOfWeek ? r.planned.minus(r.toDate) : r.planned;
      return {
        category,
        planned: cents(r.planned),
        plannedToDate: cents(r.toDate),
        actual: cents(r.actual),
        lineCount: r.count,
        forecast: cents(r.actual.plus(remaining)),
        varianceToDate: cents(r.toDate.minus(r.actual)),
        byMonth: Object.fromEntries(
          [...r.months].sort(([a], [b]) => (a < b ? -1 : 1)).map(([m, v]) => [m, { planned: cents(v.planned), actual: cents(v.actual) }]),
        ),
      };
    }),
    unassigned: { lineCount: unassigned.lineCount, usd: cents(unassigned.usd) },
    basis:
      "Planned: the plan's storage and transfer lines (dated storage and transfer prices). Actual: billed spend lines whose service, SKU or usage unit names storage (S3, EBS, Blob, managed disks, Cloud Storage, GB-month) or network transfer (data transfer, bandwidth, egress), assigned to the project's tracks, in its dates. Variance = planned − actual: positive is under plan.",
  };
}
