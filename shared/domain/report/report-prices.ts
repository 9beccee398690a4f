/**
 * The catalog prices used: every offering the plan books or names, and every alternative the recommendations compare.
 * Each price's source is its title or publisher ("RunPod GPU pricing", the source document's title); its date is beside it.
 */
import { shortSource } from '../source-documents';
import type { ReportContext } from './report-context';
import type { ReportModel } from './report-model-types';

/** A price's source in a few words: "source document “Title”", or the page's title or publisher ("RunPod GPU pricing"). */
const priceSource = (source: string) => {
  const short = shortSource(source);
  return short.startsWith('“') ? `source document ${short}` : short;
};

export function reportPrices(
  { plan, offeringById, gpuName }: ReportContext,
  recommendations: ReportModel['recommendations'],
): ReportModel['prices'] {
  const used = new Map<string, Map<string, Set<string>>>();
  const mark = (id: string | null, use: string, code = '') => {
    if (!id) return;
    const uses = used.get(id) ?? new Map<string, Set<string>>();
    uses.set(use, (uses.get(use) ?? new Set()).add(code));
    used.set(id, uses);
  };
  for (const a of plan.allocations) mark(a.offeringId, 'allocations');
  for (const m of plan.milestones) for (const p of m.phases) mark(p.offeringId, 'plan', m.code);
  for (const r of recommendations) for (const a of r.alternatives) mark(a.offeringId, 'alternatives', r.title.split(' ·')[0]);
  const usedFor = (id: string) =>
    [...(used.get(id) ?? new Map<string, Set<string>>()).entries()]
      .map(([use, codes]) => [use, [...codes].filter(Boolean).join(', ')].filter(Boolean).join(' '))
      .join('; ');
  return [...used.keys()]
    .flatMap((id) => {
      const o = offeringById.get(id);
      if (!o) {
        const planned = plan.plannedPrices.filter((p) => p.offeringId === id);
        return planned.map((p) => ({
          offeringId: id,
          provider: '—',
          sku: 'price as planned',
          gpuId: '—',
          kind: p.kind,
          usd: p.usd,
          per: p.per,
          asOf: p.asOf,
          source: priceSource(p.source),
          usedFor: usedFor(id),
        }));
      }
      return o.prices.map((p) => ({
        offeringId: id,
        provider: o.providerName,
        sku: o.sku,
        gpuId: gpuName(o.gpuId),
        kind: p.kind,
        usd: p.usdLow !== null && p.usdHigh !== null ? `${p.usdLow}–${p.usdHigh}` : String(p.usd),
        per: p.per,
        asOf: p.asOf,
        source: priceSource(p.source),
        usedFor: usedFor(id),
      }));
    })
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.sku.localeCompare(b.sku) || a.kind.localeCompare(b.kind));
}
