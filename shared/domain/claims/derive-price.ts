/**
 * Claims about prices: a catalog price (restating the catalog's source when the row was taken from the very document
 * the claim quotes) and a reservation's real cost by the commitment model (shared/domain/reserved.ts).
 */
import type { ClaimCheck } from './claim-check';
import type { ClaimContext } from './claim-types';
import { fmtFigure, numeric, type Derived } from './derived';
import { describeReserved, reservedCommitment, reservedTermYears } from '../reserved';
import { citesDocument, documentTitle } from '../source-documents';
import { moneyFigure } from '../money-format';

function latestPrice(ctx: ClaimContext, offeringId: string, priceKind: string) {
  const o = ctx.offerings.find((x) => x.id === offeringId);
  if (!o) throw new Error(`no offering "${offeringId}" in the catalog`);
  const p = o.prices.filter((x) => x.kind === priceKind).sort((x, y) => y.asOf.localeCompare(x.asOf))[0];
  if (!p) throw new Error(`offering "${offeringId}" has no ${priceKind} price`);
  return { offering: o, price: p };
}

export function derivePrice(check: Extract<ClaimCheck, { kind: 'price' }>, ctx: ClaimContext, document: string | undefined): Derived {
  const { offering: o, price: p } = latestPrice(ctx, check.offeringId, check.priceKind);
  const derived = numeric(Number(p.usd), check.authorFigure, true, `catalog: ${o.sku} ${p.kind} $${p.usd}/${p.per} as of ${p.asOf}`);
  // The catalog row was transcribed from the very document the claim quotes: agreeing with it checks nothing.
  if (derived.verdict === 'ok' && document && citesDocument(p.source ?? '', document))
    return {
      ...derived,
      verdict: 'restates',
      basis: `${derived.basis}; the catalog row's source is this document (${documentTitle(document)}), so the figure restates it: nothing independent was checked`,
    };
  return derived;
}

const usdText = (x: number): string => moneyFigure('USD', x);

/**
 * A reservation priced per hour used, against the app's commitment model: the whole term is paid (term × 8,760 h ×
 * the catalog's reserved rate) whatever the hours used; per month it is spread over the term's months.
 */
export function deriveCommitment(check: Extract<ClaimCheck, { kind: 'commitment' }>, ctx: ClaimContext): Derived {
  const { offering: o, price: p } = latestPrice(ctx, check.offeringId, check.priceKind);
  const termYears = reservedTermYears(check.priceKind)!;
  const onDemand = o.prices.filter((x) => x.kind === 'on-demand').sort((x, y) => y.asOf.localeCompare(x.asOf))[0];
  const onDemandRate = onDemand ? Number(onDemand.usd) : null;
  const rate = Number(p.usd);
  const months = termYears * 12;
  const hoursInTerm = check.period === 'month' ? check.hoursUsed * months : check.hoursUsed;
  const c = reservedCommitment(rate, termYears, hoursInTerm, onDemandRate);
  const extras = (check.extras ?? []).reduce((sum, x) => sum + x.usd, 0);
  const commitment = Number(c.commitmentUsd);
  const machine = check.period === 'month' ? commitment / months : commitment;
  const value = machine + extras;
  const per = check.period === 'month' ? 'a month' : 'for the project';
  const parts = [
    describeReserved(rate, c),
    check.period === 'month' ? `÷ ${months} months = ${usdText(machine)} a month` : `the project pays the whole term: ${usdText(machine)}`,
    ...(check.extras ?? []).map((x) => `+ ${x.text} ${usdText(x.usd)}`),
    onDemandRate !== null
      ? `pay-as-you-go for the same ${fmtFigure(check.hoursUsed)} h ${per}: ${usdText(check.hoursUsed * onDemandRate + extras)}`
      : '',
  ].filter(Boolean);
  return numeric(
    value,
    check.authorFigure,
    true,
    `commitment model on ${o.sku} (catalog ${p.kind} $${p.usd}/h as of ${p.asOf}): ${parts.join('; ')}`,
  );
}
