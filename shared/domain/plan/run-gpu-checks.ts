/**
 * Plan checks of a phase's run size against its offering: a run that needs more GPUs in one machine than the offering
 * holds (a milestone with gpuCount 8 on an offering of 1× L4 cannot start as planned), and a run spread over several
 * machines on an offering that states no network between machines (the all-reduce then rests on an assumed
 * 100 Gb/s Ethernet). Read from the phase's saved workload (gpuCount over nodeCount machines) and the app estimate's GPUs.
 */
import gpusJson from '../../../resources/catalog/gpus.json';
import { offeringInterconnectOf } from '../../estimate/interconnect';
import { gpuShortName, withoutGpuSuffix } from '../offer-label';
import type { Problem } from './problem';
import type { PriceBook } from './pricing';
import type { Milestone, MilestonePhase, Plan } from './types';
import { weekOf } from './weeks';

const BUNDLED_GPU_NAMES = new Map((gpusJson as unknown as { gpus: Array<{ id: string; name: string }> }).gpus.map((g) => [g.id, g.name]));

/** A catalog GPU as a person reads it ("L4 24GB"); an unknown id as it is. */
export function gpuReadName(gpuId: string): string {
  const name = BUNDLED_GPU_NAMES.get(gpuId);
  return name ? gpuShortName(name) : gpuId;
}

const positiveInt = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** GPUs and machines one run of the phase uses: the workload's gpuCount (else the app estimate's) over its nodeCount. */
export function phaseRunSize(phase: MilestonePhase): { gpus: number; nodes: number } | null {
  const gpus = positiveInt(phase.workload?.gpuCount) ?? positiveInt(phase.appEstimate?.gpus) ?? null;
  if (gpus === null) return null;
  const nodes = Math.min(gpus, positiveInt(phase.workload?.nodeCount) ?? 1);
  return { gpus, nodes };
}

function phaseLabel(milestone: Milestone, phase: MilestonePhase): string {
  return phase.name === milestone.name || milestone.phases.length === 1 ? milestone.code : `${milestone.code} ${phase.name}`;
}

/** The run-size problems of every milestone phase that has an offering. */
export function runGpuProblems(plan: Plan, book: PriceBook): Problem[] {
  const problems: Problem[] = [];
  for (const milestone of plan.milestones)
    for (const phase of milestone.phases) {
      const offering = phase.offeringId ? book.offerings.get(phase.offeringId) : undefined;
      const size = phaseRunSize(phase);
      if (!offering || offering.deleted || !size) continue;
      const week = weekOf(phase.start);
      const where = {
        week,
        trackId: milestone.trackId,
        milestoneId: milestone.id,
        cell: { row: 'milestone' as const, trackId: milestone.trackId, milestoneId: milestone.id, phaseId: phase.id, week },
      };
      const label = phaseLabel(milestone, phase);
      const gpu = gpuReadName(offering.gpuId);
      const offer = withoutGpuSuffix(offering.label, BUNDLED_GPU_NAMES.get(offering.gpuId) ?? offering.gpuId);
      const perNode = Math.ceil(size.gpus / size.nodes);
      if (perNode > offering.gpuCount)
        problems.push({
          id: `run-over-offering-gpus:${phase.id}`,
          kind: 'run-over-offering-gpus',
          severity: 'warning',
          ...where,
          message:
            `${label}'s run needs ${perNode} GPUs in one machine${size.nodes > 1 ? ` (${size.gpus} GPUs over ${size.nodes} machines)` : ''}, ` +
            `but ${offer} has ${offering.gpuCount}× ${gpu}: the run cannot start as planned. ` +
            `Choose an offering with ${perNode} or more ${gpu} GPUs, or spread the run over ${Math.ceil(size.gpus / offering.gpuCount)} machines (nodeCount in the workload).`,
        });
      if (size.nodes > 1 && !offeringInterconnectOf({ id: offering.id, interconnect: null })?.network)
        problems.push({
          id: `run-nodes-without-network:${phase.id}`,
          kind: 'run-nodes-without-network',
          severity: 'warning',
          ...where,
          message:
            `${label}'s run spreads ${size.gpus} ${gpu} GPUs over ${size.nodes} machines, but ${offer} states no network between machines: ` +
            `the estimate assumes 100 Gb/s Ethernet for the gradient all-reduce, so its hours may be too low. Check the provider's network (EFA, InfiniBand) or run on one machine.`,
        });
    }
  return problems;
}
