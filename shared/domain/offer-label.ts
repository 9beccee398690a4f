/** Offer and GPU names as a person reads them (no repeats such as "Google Colab Colab Pro+ — L4 — L4"). */

/**
 * A GPU's name from the offerings that carry it ("L4 24GB" for l4-24gb); the id only when no offering names it.
 * For messages that must not show ids (issue 19 item 10).
 */
export function gpuNameIn(offerings: Iterable<{ gpuId: string; gpuName?: string | undefined }>, gpuId: string): string {
  for (const o of offerings) if (o.gpuId === gpuId && o.gpuName) return gpuShortName(o.gpuName);
  return gpuId;
}

/** "NVIDIA GeForce RTX 4090 24GB" → "RTX 4090 24GB"; "NVIDIA L4 24GB" → "L4 24GB". */
export function gpuShortName(name: string): string {
  return name.replace(/^NVIDIA\s+/, '').replace(/^GeForce\s+/, '');
}

/**
 * One label per offering, without repeats: "Google Colab" + "Colab Pro+ — L4" with the GPU shown beside it reads
 * "Google Colab Pro+", not "Google Colab Colab Pro+ — L4 — L4".
 */
export function offerLabel(providerName: string, sku: string, gpuName?: string): string {
  const s = gpuName ? withoutGpuSuffix(sku, gpuName) : sku.trim();
  const providerWords = providerName.trim().split(/\s+/);
  const last = providerWords[providerWords.length - 1]!.toLowerCase();
  const first = s.split(/\s+/)[0]?.toLowerCase();
  if (first === last) return `${providerWords.slice(0, -1).join(' ')} ${s}`.trim();
  if (s.toLowerCase().startsWith(providerName.toLowerCase())) return s;
  return `${providerName} ${s}`;
}

/** An offer's name without a trailing " — L4" that repeats its GPU: "Colab Pro+ — L4" with an L4 → "Colab Pro+". */
export function withoutGpuSuffix(name: string, gpuName: string): string {
  const short = gpuShortName(gpuName).split(/\s+/)[0]!;
  return name.trim().replace(new RegExp(`\\s+[—-]\\s+(NVIDIA\\s+)?${short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b.*$`, 'i'), '');
}
