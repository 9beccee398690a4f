/**
 * GPU architecture families and GPU-to-GPU links: what the estimator needs to scale one GPU's figures to another
 * architecture and a data-parallel step to 2–8 GPUs (or several nodes).
 *
 * The link a data-parallel all-reduce runs over is, in order of preference: the offering's own `interconnect`
 * (resources/catalog/offerings.json), else the GPU's (resources/catalog/gpus.json: the board's NVLink/NVSwitch in its
 * usual multi-GPU box, its PCIe generation, peer-to-peer), else one inferred from the GPU's name and architecture.
 */
import gpusJson from '../../resources/catalog/gpus.json';
import offeringsJson from '../../resources/catalog/offerings.json';
import type { Gpu, GpuInterconnect, Offering, OfferingInterconnect } from '../domain/catalog';
import { NVLINK_BRIDGE_GBS } from './workload-interconnect';

// The catalog tables do not store links: the bundled catalog files carry them, looked up by id (user-defined GPUs and
// offerings fall back to inference from the GPU's name and architecture).
const BUNDLED_GPU_LINKS = new Map(
  (gpusJson as unknown as { gpus: Array<{ id: string; interconnect?: GpuInterconnect | null }> }).gpus
    .filter((g) => g.interconnect)
    .map((g) => [g.id, g.interconnect!]),
);
const BUNDLED_OFFERING_LINKS = new Map(
  (offeringsJson as unknown as { offerings: Array<{ id: string; interconnect?: OfferingInterconnect | null }> }).offerings
    .filter((o) => o.interconnect)
    .map((o) => [o.id, o.interconnect!]),
);

/** An offering's links: its own field, else the bundled catalog's entry for its id, else null (the GPU's apply). */
export function offeringInterconnectOf(o: Pick<Offering, 'id' | 'interconnect'>): OfferingInterconnect | null {
  return o.interconnect ?? BUNDLED_OFFERING_LINKS.get(o.id) ?? null;
}

export const ARCH_FAMILIES = ['volta', 'turing', 'ampere-ga100', 'ampere-ga10x', 'ada', 'hopper', 'blackwell', 'other'] as const;
export type ArchFamily = (typeof ARCH_FAMILIES)[number];

export const ARCH_LABELS: Record<ArchFamily, string> = {
  volta: 'Volta (GV100)',
  turing: 'Turing (TU10x)',
  'ampere-ga100': 'Ampere GA100 (data center)',
  'ampere-ga10x': 'Ampere GA10x (RTX / A10)',
  ada: 'Ada Lovelace (AD10x)',
  hopper: 'Hopper (GH100)',
  blackwell: 'Blackwell',
  other: 'other architecture',
};

/** The architecture family of a catalog GPU, from its `architecture` field (and name for the GA100/GA10x split). */
export function archFamily(gpu: Pick<Gpu, 'architecture' | 'name' | 'id'>): ArchFamily {
  const a = `${gpu.architecture ?? ''} ${gpu.name} ${gpu.id}`.toLowerCase();
  if (a.includes('blackwell') || /\bb(100|200)\b|gb200|rtx 50\d0/.test(a)) return 'blackwell';
  if (a.includes('hopper') || /\bh(100|200)\b|gh200/.test(a)) return 'hopper';
  if (a.includes('ada') || a.includes('ad10')) return 'ada';
  if (a.includes('ga100') || /\ba(100|30)\b/.test(a)) return 'ampere-ga100';
  if (a.includes('ampere') || a.includes('ga10')) return 'ampere-ga10x';
  if (a.includes('turing') || a.includes('tu10') || a.includes('tu11')) return 'turing';
  if (a.includes('volta') || a.includes('v100')) return 'volta';
  return 'other';
}

export type { GpuInterconnect, OfferingInterconnect } from '../domain/catalog';

/** The link an all-reduce runs over. */
export interface Link {
  kind: 'nvswitch' | 'nvlink' | 'nvlink-bridge' | 'pcie-p2p' | 'pcie-host' | 'network';
  /** datasheet bandwidth per GPU per direction, GB/s. */
  gbs: number;
  /** latency per ring step, seconds. */
  latencySeconds: number;
  label: string;
  /** true when inferred (no catalog figure). */
  inferred: boolean;
}

/** PCIe x16 bandwidth per direction by generation, GB/s (PCI-SIG: 8, 16, 32, 64 GT/s with 128b/130b coding). */
export const PCIE_GBS: Record<number, number> = { 3: 15.75, 4: 31.5, 5: 63, 6: 121 };

/** NVLink per-GPU bandwidth per direction in NVIDIA's SXM boards, GB/s (V100 6 × 25, A100 12 × 25, H100 18 × 25, B200 18 × 50). */
const NVLINK_SXM_GBS: Record<number, number> = { 2: 150, 3: 300, 4: 450, 5: 900 };

function inferGpuInterconnect(gpu: Gpu): GpuInterconnect {
  const fam = archFamily(gpu);
  const pcieGeneration = fam === 'hopper' || fam === 'blackwell' ? 5 : fam === 'volta' || fam === 'turing' ? 3 : fam === 'other' ? 4 : 4;
  const geforce = /geforce|rtx \d{4}|gtx/i.test(gpu.name) && !/rtx a\d|rtx \d+ ada|quadro/i.test(gpu.name);
  const sxm = /sxm/i.test(`${gpu.id} ${gpu.name}`);
  const generation = fam === 'volta' ? 2 : fam === 'ampere-ga100' ? 3 : fam === 'hopper' ? 4 : fam === 'blackwell' ? 5 : 3;
  return {
    pcieGeneration,
    p2p: !geforce,
    nvlink: sxm
      ? { generation, gbsPerDirection: gpu.interconnectGBs ?? NVLINK_SXM_GBS[generation] ?? 150, nvswitch: fam !== 'volta' }
      : null,
  };
}

/** The GPU's interconnect: its catalog field where present, else inferred (stated in `inferred`). */
export function gpuInterconnectOf(gpu: Gpu): { value: GpuInterconnect; inferred: boolean } {
  const given = gpu.interconnect ?? BUNDLED_GPU_LINKS.get(gpu.id);
  return given ? { value: given, inferred: false } : { value: inferGpuInterconnect(gpu), inferred: true };
}

const LATENCY = { nvlink: 8e-6, pcie: 15e-6, host: 25e-6, network: 30e-6 } as const;

/** The intra-node link for `gpuCount` GPUs of this type, given the offering's interconnect where known. */
export function intraNodeLink(
  gpu: Gpu,
  gpuCount: number,
  offering?: OfferingInterconnect | null,
  statedBy: 'offering' | 'workload' = 'offering',
): Link {
  if (offering) {
    const gen = offering.pcieGeneration ?? gpuInterconnectOf(gpu).value.pcieGeneration;
    if (offering.kind === 'nvswitch' || offering.kind === 'nvlink') {
      const gbs = offering.gbsPerDirection ?? NVLINK_SXM_GBS[offering.nvlinkGeneration ?? 3] ?? 300;
      return {
        kind: offering.kind,
        gbs,
        latencySeconds: LATENCY.nvlink,
        label: `${offering.kind === 'nvswitch' ? 'NVSwitch' : 'NVLink'}${offering.nvlinkGeneration ? ` gen ${offering.nvlinkGeneration}` : ''} (${gbs} GB/s per GPU per direction, ${statedBy})`,
        inferred: false,
      };
    }
    if (offering.kind === 'nvlink-bridge' && gpuCount <= 2) {
      const gbs = offering.gbsPerDirection ?? gpu.interconnectGBs ?? NVLINK_BRIDGE_GBS;
      return {
        kind: 'nvlink-bridge',
        gbs,
        latencySeconds: LATENCY.nvlink,
        label: `NVLink bridge between 2 cards (${gbs} GB/s per direction, ${statedBy})`,
        inferred: false,
      };
    }
    const p2p = offering.p2p ?? gpuInterconnectOf(gpu).value.p2p;
    return pcieLink(gen, p2p, false, statedBy, gpuInterconnectOf(gpu).value.pcieLanes ?? 16);
  }
  const { value: g, inferred } = gpuInterconnectOf(gpu);
  if (g.nvlink && (g.nvlink.nvswitch || !g.nvlink.bridgeGpus || gpuCount <= g.nvlink.bridgeGpus)) {
    const kind = g.nvlink.nvswitch ? 'nvswitch' : g.nvlink.bridgeGpus ? 'nvlink-bridge' : 'nvlink';
    return {
      kind,
      gbs: g.nvlink.gbsPerDirection,
      latencySeconds: LATENCY.nvlink,
      label: `${kind === 'nvswitch' ? 'NVSwitch' : kind === 'nvlink-bridge' ? 'NVLink bridge' : 'NVLink'} gen ${g.nvlink.generation} (${g.nvlink.gbsPerDirection} GB/s per GPU per direction${inferred ? ', inferred' : ''})`,
      inferred,
    };
  }
  return pcieLink(g.pcieGeneration, g.p2p, inferred, inferred ? 'inferred' : 'GPU catalog', g.pcieLanes ?? 16);
}

function pcieLink(gen: number, p2p: boolean, inferred: boolean, from: string, lanes = 16): Link {
  const gbs = ((PCIE_GBS[gen] ?? 31.5) * lanes) / 16;
  return p2p
    ? {
        kind: 'pcie-p2p',
        gbs,
        latencySeconds: LATENCY.pcie,
        label: `PCIe Gen${gen} x${lanes} with peer-to-peer (${gbs} GB/s per direction, ${from})`,
        inferred,
      }
    : {
        kind: 'pcie-host',
        gbs,
        latencySeconds: LATENCY.host,
        label: `PCIe Gen${gen} x${lanes} without peer-to-peer: copies go through host memory (${gbs} GB/s per direction, ${from})`,
        inferred,
      };
}

/** The node network for multi-node jobs: the offering's where known, else 100 Gb/s Ethernet (stated). */
export function nodeNetworkLink(offering?: OfferingInterconnect | null): Link {
  const n = offering?.network;
  if (n)
    return {
      kind: 'network',
      gbs: n.gbps / 8,
      latencySeconds: LATENCY.network,
      label: `${n.kind === 'efa' ? 'EFA' : n.kind === 'infiniband' ? 'InfiniBand' : 'Ethernet'} ${n.gbps} Gb/s per node (offering)`,
      inferred: false,
    };
  return {
    kind: 'network',
    gbs: 100 / 8,
    latencySeconds: LATENCY.network,
    label: '100 Gb/s Ethernet per node (assumed: no network figure for this machine)',
    inferred: true,
  };
}
