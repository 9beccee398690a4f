/**
 * GPU lines: a spend line is a GPU line when its instance type or SKU names a GPU machine (AWS p/g families, Azure
 * NC/ND/NV sizes, GCP a2/a3/g2 and accelerator SKUs, or a GPU model name). GPU-hours = usage hours × GPUs per instance.
 */
import Big from 'big.js';
import type { BudgetSpendLine } from './types';

/** GPUs per instance for the common GPU instance types (provider documentation); others count 1 with a stated basis. */
const GPUS_PER_INSTANCE: Record<string, number> = {
  'p3.2xlarge': 1,
  'p3.8xlarge': 4,
  'p3.16xlarge': 8,
  'p3dn.24xlarge': 8,
  'p4d.24xlarge': 8,
  'p4de.24xlarge': 8,
  'p5.48xlarge': 8,
  'p2.xlarge': 1,
  'p2.8xlarge': 8,
  'p2.16xlarge': 16,
  'g4dn.xlarge': 1,
  'g4dn.2xlarge': 1,
  'g4dn.4xlarge': 1,
  'g4dn.8xlarge': 1,
  'g4dn.16xlarge': 1,
  'g4dn.12xlarge': 4,
  'g4dn.metal': 8,
  'g5.xlarge': 1,
  'g5.2xlarge': 1,
  'g5.4xlarge': 1,
  'g5.8xlarge': 1,
  'g5.16xlarge': 1,
  'g5.12xlarge': 4,
  'g5.24xlarge': 4,
  'g5.48xlarge': 8,
  'g6.xlarge': 1,
  'g6.2xlarge': 1,
  'g6.12xlarge': 4,
  'g6.48xlarge': 8,
  standard_nc6: 1,
  standard_nc12: 2,
  standard_nc24: 4,
  standard_nc6s_v3: 1,
  standard_nc12s_v3: 2,
  standard_nc24s_v3: 4,
  standard_nc4as_t4_v3: 1,
  standard_nc8as_t4_v3: 1,
  standard_nc16as_t4_v3: 1,
  standard_nc64as_t4_v3: 4,
  standard_nc24ads_a100_v4: 1,
  standard_nc48ads_a100_v4: 2,
  standard_nc96ads_a100_v4: 4,
  standard_nd96asr_v4: 8,
  standard_nd96amsr_a100_v4: 8,
  'a2-highgpu-1g': 1,
  'a2-highgpu-2g': 2,
  'a2-highgpu-4g': 4,
  'a2-highgpu-8g': 8,
  'a2-ultragpu-1g': 1,
  'a2-ultragpu-8g': 8,
  'a3-highgpu-8g': 8,
  'g2-standard-4': 1,
  'g2-standard-8': 1,
  'g2-standard-24': 2,
  'g2-standard-48': 4,
};

const GPU_PATTERNS: RegExp[] = [
  /^(p2|p3|p3dn|p4d|p4de|p5|p5e|g3|g4dn|g4ad|g5|g5g|g6|g6e|gr6)\./i,
  /(^|[_\s])n[cdv]\d+[a-z]*(_|\s|$)/i,
  /^standard_n[cdv]/i,
  /^(a2|a3|g2)-/i,
  /\b(nvidia|tesla|a100|h100|h200|v100|t4|l4|l40s?|a10g?|k80|p100|rtx)\b/i,
  /\bgpu\b/i,
];

/** What a line needs to be told a GPU line and its GPU-hours. */
export type GpuLineFields = Pick<BudgetSpendLine, 'instanceType' | 'sku' | 'service' | 'usageQuantity' | 'usageUnit'>;

export function isGpuLine(line: Pick<BudgetSpendLine, 'instanceType' | 'sku' | 'service'>): boolean {
  for (const v of [line.instanceType, line.sku]) {
    if (v && GPU_PATTERNS.some((p) => p.test(v))) return true;
  }
  return false;
}

export function gpusPerInstance(instanceType: string | null): { count: number; basis: string } {
  if (!instanceType) return { count: 1, basis: 'instance type unknown: 1 GPU assumed' };
  const n = GPUS_PER_INSTANCE[instanceType.toLowerCase()];
  return n
    ? { count: n, basis: `${instanceType}: ${n} GPU(s) per instance` }
    : { count: 1, basis: `${instanceType}: GPU count not in the table, 1 assumed` };
}

const HOUR_UNITS = /^(h|hr|hrs|hour|hours|1 hour|10 hours|100 hours)$/i;

/** GPU-hours of a GPU line, or 0 when the line's usage is not in hours (the line still counts as GPU spend). */
export function gpuHoursOf(line: GpuLineFields): number {
  if (!isGpuLine(line) || !line.usageQuantity || !line.usageUnit) return 0;
  const unit = line.usageUnit.trim();
  if (!HOUR_UNITS.test(unit)) return 0;
  const scale = unit.startsWith('100') ? 100 : unit.startsWith('10 ') ? 10 : 1;
  const q = new Big(line.usageQuantity).times(scale);
  return Number(q.times(gpusPerInstance(line.instanceType).count).toFixed(6));
}
