/**
 * What a provider and an offering allow a single run: a session that ends (Colab: 24 h), a job timeout (Hugging Face
 * Jobs: 30 min unless set), spot capacity evicted at short notice (AWS 2 min, Azure/GCP 30 s), and the host the GPU
 * sits in (vCPUs, RAM, local disk). The catalog tables do not store these: the bundled catalog files carry them with
 * their sources (resources/catalog/providers.json `limits`, offerings.json `host`), looked up by id — the same way as
 * the offerings' interconnect (shared/estimate/interconnect.ts). User-defined offerings have no limits known.
 */
import offeringsJson from '../../resources/catalog/offerings.json';
import providersJson from '../../resources/catalog/providers.json';
import type { ProviderLimits } from './catalog';

export type { ProviderLimits };

export interface OfferingHost {
  vcpus: number | null;
  ramGiB: number | null;
  /** Local disk (instance store, temporary SSD, workstation SSD); null = none or not stated. */
  localDiskGB: number | null;
  source: string | null;
}

interface BundledProvider {
  id: string;
  name: string;
  limits?: ProviderLimits;
}
interface BundledOffering {
  id: string;
  providerId: string;
  vcpus: number | null;
  ramGiB: number | null;
  host?: { localDiskGB: number | null; source: string };
}

const PROVIDERS = new Map((providersJson as unknown as { providers: BundledProvider[] }).providers.map((p) => [p.id, p]));
const OFFERINGS = new Map((offeringsJson as unknown as { offerings: BundledOffering[] }).offerings.map((o) => [o.id, o]));

/** The bundled provider of an offering id, else null (user-defined or unknown). */
export function bundledProviderOf(offeringId: string): { id: string; name: string } | null {
  const o = OFFERINGS.get(offeringId);
  const p = o ? PROVIDERS.get(o.providerId) : undefined;
  return p ? { id: p.id, name: p.name } : null;
}

/** The limits of the offering's provider, else null. */
export function runLimitsOf(offeringId: string): (ProviderLimits & { providerName: string }) | null {
  const o = OFFERINGS.get(offeringId);
  const p = o ? PROVIDERS.get(o.providerId) : undefined;
  return p?.limits ? { ...p.limits, providerName: p.name } : null;
}

/** The host figures of a bundled offering (vCPUs, RAM, local disk, source), else null. */
export function hostOf(offeringId: string): OfferingHost | null {
  const o = OFFERINGS.get(offeringId);
  if (!o) return null;
  return { vcpus: o.vcpus, ramGiB: o.ramGiB, localDiskGB: o.host?.localDiskGB ?? null, source: o.host?.source ?? null };
}
