/**
 * Recognises the GPU machine a billing line is for: AWS p/g instance types, Azure N-series VM sizes, GCP a2/a3/g2
 * machine types and GPU SKU descriptions ("Nvidia Tesla T4 GPU running in Americas"). Returns the name as written.
 */
import { ownCopy } from './values';

const PATTERNS: RegExp[] = [
  /\b((?:p[2-6][a-z]*|g[3-6][a-z]*|gr6)\.(?:\d*x?large|metal))\b/i,
  /\b(Standard_N[CDVG][A-Za-z0-9_]*)\b/i,
  /\b((?:a2|a3|a4)-(?:highgpu|megagpu|ultragpu|edgegpu)-\d+g|g2-standard-\d+)\b/i,
  /\b((?:nvidia\s+)?(?:tesla\s+)?(?:H100|H200|A100|A10G|L40S|L4|V100|T4|P100|P4|K80|B200)(?:\s+\d+GB)?\s+GPU)\b/i,
  /\b(N(?:C|D|V)\d+[a-z]*(?:\s+v\d)?)\b/,
];

export function recogniseGpuInstance(...texts: Array<string | null | undefined>): string | null {
  for (const pattern of PATTERNS) {
    for (const text of texts) {
      if (!text) continue;
      const m = pattern.exec(text);
      if (m) return m[1]!;
    }
  }
  return null;
}

const NO_DETAILS: { instanceType: string | null; gpuCount: number | null } = Object.freeze({ instanceType: null, gpuCount: null });
/** Billing files repeat the same few SkuPriceDetails texts: parsed once each (bounded). */
const detailsCache = new Map<string, { instanceType: string | null; gpuCount: number | null }>();

/** FOCUS 1.1+ SkuPriceDetails (JSON): InstanceType and GpuCount where present. The result is shared: read-only. */
export function readSkuPriceDetails(raw: string | null): { instanceType: string | null; gpuCount: number | null } {
  if (!raw) return NO_DETAILS;
  const cached = detailsCache.get(raw);
  if (cached) return cached;
  const details = readSkuPriceDetailsUncached(raw);
  if (detailsCache.size >= 5_000) detailsCache.clear();
  detailsCache.set(ownCopy(raw), details);
  return details;
}

function readSkuPriceDetailsUncached(raw: string): { instanceType: string | null; gpuCount: number | null } {
  if (!raw.trim().startsWith('{')) return NO_DETAILS;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const find = (key: string) => Object.entries(parsed).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
    const instanceType = find('InstanceType');
    const gpuCount = Number(find('GpuCount'));
    return Object.freeze({
      instanceType: typeof instanceType === 'string' ? instanceType : null,
      gpuCount: Number.isFinite(gpuCount) && gpuCount > 0 ? gpuCount : null,
    });
  } catch {
    return NO_DETAILS;
  }
}
