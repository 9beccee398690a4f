/**
 * Catalog domain types: GPUs, providers, offerings and their dated prices.
 * Pure types and helpers only — no Node, DOM, React or Electron here.
 */

/** Numeric precisions for which a GPU datasheet gives a dense peak. */
export const PRECISIONS = ['fp32', 'tf32', 'fp16', 'bf16', 'fp8'] as const;
export type Precision = (typeof PRECISIONS)[number];

/** Dense (no sparsity) datasheet peaks in TFLOP/s; null where the GPU lacks the precision. */
export type TflopsByPrecision = Record<Precision, number | null>;

export interface Gpu {
  /** Stable kebab-case id, e.g. `h100-sxm-80gb`. */
  id: string;
  name: string;
  vendor: string;
  /** Architecture name, e.g. Hopper, Ampere. */
  architecture: string | null;
  memoryGiB: number;
  /** Memory bandwidth in GB/s (10^9 bytes per second). */
  memoryBandwidthGBs: number;
  tflops: TflopsByPrecision;
  /** Board power in watts (TDP / TGP). */
  tdpWatts: number | null;
  /** GPU-to-GPU interconnect bandwidth per GPU in GB/s (NVLink, else PCIe). */
  interconnectGBs: number | null;
  /** The board's links: PCIe generation, peer-to-peer, NVLink/NVSwitch in its usual multi-GPU box (null/absent: inferred). */
  interconnect?: GpuInterconnect | null;
  /** Where the figures come from (datasheet URL or document name). */
  source: string;
  notes: string | null;
}

export const PRICE_KINDS = ['on-demand', 'spot', 'reserved-1y', 'reserved-3y', 'subscription', 'purchase'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const PRICE_UNITS = ['hour', 'month', 'once'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const PROVIDER_KINDS = ['hyperscaler', 'gpu-cloud', 'marketplace', 'notebook', 'managed-jobs', 'local'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface Provider {
  id: string;
  name: string;
  kind: ProviderKind;
  website: string | null;
  /** Session length, job timeout, spot eviction notice (providers.json `limits`), with their source. */
  limits?: ProviderLimits | null;
}

/** What a provider allows one run (issue 18): null where it sets no such limit. */
export interface ProviderLimits {
  sessionHours: number | null;
  jobTimeoutDefaultHours: number | null;
  spotEvictionNoticeSeconds: number | null;
  source: string;
  notes: string | null;
}

export interface Price {
  id: number;
  offeringId: string;
  kind: PriceKind;
  /** Point figure in USD (the midpoint where the source gives a range). */
  usd: number;
  per: PriceUnit;
  /** Range bounds where the source gives a range, else null. */
  usdLow: number | null;
  usdHigh: number | null;
  /** Date the figure was valid (YYYY-MM-DD). */
  asOf: string;
  /** Document, URL or person the figure comes from. */
  source: string;
  notes: string | null;
  /** When the row was recorded (ISO timestamp); a changed price is a new row. */
  recordedAt: string;
}

export interface Offering {
  id: string;
  providerId: string;
  /** The provider's name for it: instance type, flavor, plan or machine name. */
  sku: string;
  gpuId: string;
  gpuCount: number;
  vcpus: number | null;
  ramGiB: number | null;
  region: string | null;
  /** Session limits, reliability, availability and other caveats. */
  notes: string | null;
  /** Local machines: electricity draw of the whole box under load, watts. */
  powerWatts: number | null;
  /** true for offerings the user created (editable and deletable). */
  userDefined: boolean;
  /** The machine's links between its GPUs and to other machines (multi-GPU offerings). */
  interconnect?: OfferingInterconnect | null;
  /** Local disk of the host in GB (instance store, temporary SSD, workstation SSD); null = none or not stated. */
  localDiskGB?: number | null;
  /** Where vCPUs, RAM and local disk come from. */
  hostSource?: string | null;
}

/** A GPU's links (gpus.json `interconnect`). */
export interface GpuInterconnect {
  /** PCIe generation of the board (3, 4, 5, 6). */
  pcieGeneration: number;
  pcieLanes?: number;
  /** PCIe peer-to-peer between two cards of this model (GeForce: no — copies go through host memory). */
  p2p: boolean;
  /** NVLink of the board in its usual multi-GPU box; null without NVLink. */
  nvlink: { generation: number; gbsPerDirection: number; nvswitch: boolean; bridgeGpus?: number } | null;
}

/** An offering's links (offerings.json `interconnect`). */
export interface OfferingInterconnect {
  kind: 'nvswitch' | 'nvlink' | 'nvlink-bridge' | 'pcie';
  nvlinkGeneration?: number;
  /** per GPU, per direction, GB/s. */
  gbsPerDirection?: number;
  pcieGeneration?: number;
  p2p?: boolean;
  /** network between nodes (multi-node jobs), Gb/s per node. */
  network?: { kind: 'efa' | 'infiniband' | 'ethernet'; gbps: number } | null;
  source?: string;
}

/** An offering with its provider's name and its current (latest asOf) price per kind. */
export interface OfferingWithPrices extends Offering {
  providerName: string;
  prices: Price[];
}
