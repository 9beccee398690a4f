/**
 * The machine's GPU-to-GPU link as a workload states it (issue 29 item 6): `"interconnect": "pcie4", "p2p": false` for
 * a lead's own 4× RTX 3090 box, used by the data-parallel model wherever the offering states no link of its own.
 * Bandwidths per GPU per direction, with their sources:
 * - PCIe x16: Gen3 15.75, Gen4 31.5, Gen5 63 GB/s (PCI-SIG: 8, 16, 32 GT/s per lane, 128b/130b coding) — PCIE_GBS in
 *   interconnect.ts;
 * - NVLink bridge between two cards: 56.25 GB/s (NVIDIA's GeForce RTX 3090 and RTX A6000 datasheets: NVLink
 *   112.5 GB/s bidirectional), or the GPU's own catalog figure where it has one;
 * - NVSwitch with NVLink 3: 300 GB/s (A100 SXM4: 12 links × 25 GB/s, "600 GB/s" bidirectional, NVIDIA A100 datasheet);
 *   NVLink 4: 450 GB/s (H100 SXM5: 18 links × 25 GB/s, "900 GB/s" bidirectional, NVIDIA H100 datasheet).
 */
import type { OfferingInterconnect } from '../domain/catalog';

export const WORKLOAD_INTERCONNECTS = ['pcie3', 'pcie4', 'pcie5', 'nvlink-bridge', 'nvswitch-nvlink3', 'nvswitch-nvlink4'] as const;
export type WorkloadInterconnect = (typeof WORKLOAD_INTERCONNECTS)[number];

export const WORKLOAD_INTERCONNECT_LABELS: Record<WorkloadInterconnect, string> = {
  pcie3: 'PCIe Gen3',
  pcie4: 'PCIe Gen4',
  pcie5: 'PCIe Gen5',
  'nvlink-bridge': 'NVLink bridge (2 cards)',
  'nvswitch-nvlink3': 'NVSwitch, NVLink 3 (A100 SXM)',
  'nvswitch-nvlink4': 'NVSwitch, NVLink 4 (H100 SXM)',
};

/** NVLink bridge between two cards, GB/s per direction (RTX 3090 / RTX A6000 datasheets: 112.5 GB/s bidirectional). */
export const NVLINK_BRIDGE_GBS = 56.25;
/** NVSwitch per-GPU bandwidth per direction by NVLink generation, GB/s (A100 SXM4 600, H100 SXM5 900 bidirectional). */
export const NVSWITCH_GBS = { 3: 300, 4: 450 } as const;

/** The workload's link in the form the data-parallel model takes (an offering's `interconnect`), or null if unstated. */
export function workloadInterconnectOf(w: {
  interconnect?: WorkloadInterconnect | undefined;
  p2p?: boolean | undefined;
}): OfferingInterconnect | null {
  switch (w.interconnect) {
    case undefined:
      return null;
    case 'pcie3':
    case 'pcie4':
    case 'pcie5':
      return { kind: 'pcie', pcieGeneration: Number(w.interconnect.slice(4)), ...(w.p2p === undefined ? {} : { p2p: w.p2p }) };
    case 'nvlink-bridge':
      return { kind: 'nvlink-bridge' };
    case 'nvswitch-nvlink3':
      return { kind: 'nvswitch', nvlinkGeneration: 3, gbsPerDirection: NVSWITCH_GBS[3] };
    case 'nvswitch-nvlink4':
      return { kind: 'nvswitch', nvlinkGeneration: 4, gbsPerDirection: NVSWITCH_GBS[4] };
  }
}
