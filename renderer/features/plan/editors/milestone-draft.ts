/** A milestone form's phases as typed (text fields), and back to the plan's phases with each field's complaint. */
import { newId } from '../../../../shared/domain/plan/booking';
import type { Milestone, MilestonePhase, OfferingFacts } from '../../../../shared/domain/plan/types';
import type { Response } from '../../../../shared/ipc/contract';
import type { PlanView } from '../../../../shared/ipc/contract/plan';
import { parseNumber } from '../../../ui/Field';
import { missingOffering } from './editor-parts';
import { applyWorkloadScale, scaleDraftOf, type WorkloadScaleDraft } from './workload-scale';

export type SavedWorkload = Response<'estimate:list-workloads'>['workloads'][number];

export interface PhaseDraft {
  id: string;
  name: string;
  start: string;
  end: string;
  offeringId: string;
  low: string;
  high: string;
  /** '' none, 'keep' the saved workload as it is, else a saved workload's id. */
  workload: string;
  /** GPUs, nodes and stack of the run, merged into the workload on save. */
  scale: WorkloadScaleDraft;
  base: MilestonePhase | null;
}

/** The catalog's offerings by label, with any a phase still uses that is no longer in the catalog. */
export function offeringChoices(offerings: OfferingFacts[], phases: PhaseDraft[]): OfferingFacts[] {
  const list = [...offerings].sort((a, b) => a.label.localeCompare(b.label));
  for (const p of phases) {
    if (p.offeringId && !list.some((o) => o.id === p.offeringId)) list.unshift(missingOffering(p.offeringId, p.base?.gpuId ?? ''));
  }
  return list;
}

/** The phases of an existing milestone as drafts, or one "Main" phase over the track's dates for a new one. */
export function phaseDrafts(
  plan: PlanView['plan'],
  existing: Milestone | undefined,
  track: { start: string; end: string } | undefined,
): PhaseDraft[] {
  if (existing)
    return existing.phases.map((p) => ({
      id: p.id,
      name: p.name,
      start: p.start,
      end: p.end,
      offeringId: p.offeringId ?? '',
      low: String(p.runs.low),
      high: String(p.runs.high),
      workload: p.workload ? 'keep' : '',
      scale: scaleDraftOf(p.workload),
      base: p,
    }));
  return [
    {
      id: newId('phase'),
      name: 'Main',
      start: track?.start ?? plan.project.start,
      end: track?.end ?? plan.project.end,
      offeringId: plan.plannedPrices[0]?.offeringId ?? '',
      low: '1',
      high: '1',
      workload: '',
      scale: scaleDraftOf(null),
      base: null,
    },
  ];
}

/** A copy of the last phase as the next one (its own id, no saved workload). */
export function nextPhase(phases: PhaseDraft[]): PhaseDraft {
  return { ...phases[phases.length - 1]!, id: newId('phase'), name: `Phase ${phases.length + 1}`, base: null, workload: '' };
}

/** The drafts as the plan's phases, and the fields that cannot be read (keyed `phases.<i>.runs.low`). */
export function buildPhases(
  phases: PhaseDraft[],
  offerings: ReadonlyMap<string, OfferingFacts>,
  workloads: SavedWorkload[] | null,
): { phases: MilestonePhase[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const built = phases.map((p, i): MilestonePhase => {
    const low = parseNumber(p.low);
    const high = parseNumber(p.high);
    if (low === null) errors[`phases.${i}.runs.low`] = 'A whole number of runs.';
    if (high === null) errors[`phases.${i}.runs.high`] = 'A whole number of runs.';
    const o = p.offeringId ? offerings.get(p.offeringId) : undefined;
    const saved = p.workload && p.workload !== 'keep' ? workloads?.find((w) => w.id === p.workload) : undefined;
    const chosen = p.workload === 'keep' ? (p.base?.workload ?? null) : saved ? { ...saved.workload } : null;
    const scaled = chosen ? applyWorkloadScale(chosen, p.scale) : null;
    if (scaled && 'errors' in scaled) for (const [k, m] of Object.entries(scaled.errors)) errors[`phases.${i}.${k}`] = m;
    return {
      id: p.id,
      name: p.name.trim() || 'Main',
      start: p.start,
      end: p.end,
      offeringId: p.offeringId || null,
      gpuId: o?.gpuId || p.base?.gpuId || null,
      runs: { low: low ?? 0, high: high ?? 0 },
      workload: scaled && 'workload' in scaled ? scaled.workload : chosen,
      authorEstimate: p.base?.authorEstimate ?? null,
      // The app's estimate is recomputed by main after the save when the workload, offering or runs changed.
      appEstimate: p.base?.appEstimate ?? null,
    };
  });
  return { phases: built, errors };
}
