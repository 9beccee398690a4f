/**
 * The lookups every report section shares: tracks, offerings and GPUs by id, their names for the text a person reads,
 * and each allocation's and phase's figures from the plan's analysis.
 */
import { readableSource } from '../source-documents';
import { costRuleWords, gpuShortName, humanize, offerLabel, type NameBook } from './brief';
import type { ReportInputs } from './report-input-types';
import { MODEL_PRESETS } from '../../estimate/presets';

export type ReportContext = ReturnType<typeof reportContext>;

export function reportContext(input: ReportInputs) {
  const { view } = input;
  const { plan, analysis } = view;
  const trackById = new Map(plan.tracks.map((t) => [t.id, t]));
  const offeringById = new Map(input.offerings.map((o) => [o.id, o]));
  const gpuName = (id: string | null) => (id ? gpuShortName(input.gpus.find((g) => g.id === id)?.name ?? id) : '—');
  const offeringLabel = (id: string | null) => {
    const o = id ? offeringById.get(id) : undefined;
    return o ? offerLabel(o.providerName, o.sku, input.gpus.find((g) => g.id === o.gpuId)?.name) : id ? id : 'no offer chosen';
  };
  // Ids never reach the text a person reads: models, GPUs, offers, pools and tracks by their names.
  const names: NameBook = new Map<string, string>();
  for (const p of MODEL_PRESETS) names.set(p.id, p.name);
  for (const g of input.gpus) names.set(g.id, gpuShortName(g.name));
  for (const o of input.offerings) names.set(o.id, offeringLabel(o.id));
  for (const p of plan.pools) names.set(p.id, p.name);
  for (const t of plan.tracks) names.set(t.id, t.name);
  const words = (text: string) => costRuleWords(humanize(readableSource(text), names));
  const allocationUsd = (id: string) => analysis.totals.allocationUsd[id] ?? '0';
  const coverage = new Map(analysis.phases.map((p) => [p.phaseId, p]));
  return {
    input,
    plan,
    analysis,
    project: plan.project,
    weeks: analysis.totals.weeks,
    trackById,
    offeringById,
    gpuName,
    offeringLabel,
    words,
    allocationUsd,
    coverage,
  };
}
