/**
 * Offering checks: an allocation or phase naming an offering that is deleted from or not in the catalog
 * (offering-missing, error), and a planned price the catalog no longer matches (price-changed, warning).
 */
import Big from 'big.js';
import type { Problem } from './problem';
import type { PriceBook } from './pricing';
import type { Plan } from './types';
import { weekOf } from './weeks';

/** How a message says an offering id is gone: 'deleted from' or 'not in' the catalog; null while it is there. */
function goneFromCatalog(book: PriceBook, offeringId: string): 'deleted from' | 'not in' | null {
  const o = book.offerings.get(offeringId);
  if (!o) return 'not in';
  return o.deleted ? 'deleted from' : null;
}

function offeringMissing(ownerId: string, where: Pick<Problem, 'week' | 'trackId' | 'milestoneId' | 'cell'>, message: string): Problem {
  return { id: `offering-missing:${ownerId}`, kind: 'offering-missing', severity: 'error', ...where, message };
}

function missingOfferingProblems(plan: Plan, book: PriceBook): Problem[] {
  const problems: Problem[] = [];
  for (const a of plan.allocations) {
    const gone = a.offeringId ? goneFromCatalog(book, a.offeringId) : null;
    if (!gone) continue;
    const where = {
      week: a.week,
      trackId: a.trackId,
      cell: { row: 'track' as const, trackId: a.trackId, week: a.week, allocationId: a.id },
    };
    problems.push(offeringMissing(a.id, where, `Allocation in ${a.week} uses offering "${a.offeringId}", which is ${gone} the catalog.`));
  }
  for (const m of plan.milestones) {
    for (const phase of m.phases) {
      const gone = phase.offeringId ? goneFromCatalog(book, phase.offeringId) : null;
      if (!gone) continue;
      const week = weekOf(phase.start);
      const where = {
        trackId: m.trackId,
        milestoneId: m.id,
        week,
        cell: { row: 'milestone' as const, trackId: m.trackId, milestoneId: m.id, phaseId: phase.id, week },
      };
      problems.push(
        offeringMissing(
          phase.id,
          where,
          `${m.code} ${phase.name} is planned on offering "${phase.offeringId}", which is ${gone} the catalog.`,
        ),
      );
    }
  }
  return problems;
}

function priceChangedProblems(plan: Plan, book: PriceBook): Problem[] {
  const problems: Problem[] = [];
  for (const planned of plan.plannedPrices) {
    const o = book.offerings.get(planned.offeringId);
    if (!o || o.deleted) continue;
    const current = o.prices.find((p) => p.kind === planned.kind);
    const firstUse = plan.allocations.find((a) => a.offeringId === planned.offeringId);
    const cell = firstUse
      ? { row: 'track' as const, trackId: firstUse.trackId, week: firstUse.week, allocationId: firstUse.id }
      : { row: 'totals' as const };
    const message = !current
      ? `${o.label}: planned at $${planned.usd}/${planned.per} (${planned.kind}, ${planned.asOf}, ${planned.source}) but the catalog has no ${planned.kind} price for it now.`
      : !new Big(current.usd).eq(new Big(planned.usd)) || current.per !== planned.per
        ? `${o.label}: planned at $${planned.usd}/${planned.per} (${planned.asOf}, ${planned.source}); the catalog now says $${current.usd}/${current.per} (${current.asOf}, ${current.source}).`
        : null;
    if (message === null) continue;
    problems.push({
      id: `price-changed:${planned.offeringId}`,
      kind: 'price-changed',
      severity: 'warning',
      cell,
      ...(firstUse ? { week: firstUse.week } : {}),
      message,
    });
  }
  return problems;
}

/** Missing offerings (allocations first, then phases), then changed prices. */
export function offeringProblems(plan: Plan, book: PriceBook): Problem[] {
  return [...missingOfferingProblems(plan, book), ...priceChangedProblems(plan, book)];
}
