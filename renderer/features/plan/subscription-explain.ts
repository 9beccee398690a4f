/**
 * A booking's cost on a subscription in words (issue 25 item 5): its units, the month's allowance and top-ups, and its
 * share — the figures of the plan's totals (shared/domain/plan/subscription-pricing.ts), only worded here.
 */
import { fmtUnits, type SubscriptionMonth } from '../../../shared/domain/plan/subscription-pricing';
import { fmtMoney } from './timeline-model';

/** A subscription's figures are the catalog's, in USD (the booking's share in the project's currency is shown beside). */
const fmtUsd = (v: string) => fmtMoney(v, 'USD');

/** The subscription-month a booking belongs to, if it is on a subscription. */
export function subscriptionMonthOf(months: readonly SubscriptionMonth[], allocationId: string): SubscriptionMonth | null {
  return months.find((m) => m.allocations.some((u) => u.allocationId === allocationId)) ?? null;
}

/** Lines that explain what the booking costs and why. */
export function explainSubscriptionBooking(m: SubscriptionMonth, allocationId: string): string[] {
  const use = m.allocations.find((u) => u.allocationId === allocationId);
  if (!use) return [];
  const u = m.unitWord;
  const perHour = use.gpuHours > 0 ? fmtUnits(String(Number(use.units) / use.gpuHours)) : null;
  const lines: string[] = [];
  if (m.includedUnits === null) {
    lines.push(
      `${m.name}, ${m.month}: the catalog gives this subscription no allowance; its fee ${fmtUsd(m.feeUsd)} is charged once for the month, without an allowance check.`,
    );
  } else {
    lines.push(
      `${m.name}, ${m.month}: this booking uses ${use.gpuHours} GPU-hours${perHour ? ` × ${perHour} ${u}/h` : ''} = ${fmtUnits(use.units)} ${u}; the month's ${m.allocations.length} booking${m.allocations.length === 1 ? '' : 's'} use ${fmtUnits(m.usedUnits)} of the ${fmtUnits(m.includedUnits)} ${u} included.`,
    );
    const packs = m.topUps.map((t) => `${t.count} × ${t.units} ${u} at ${fmtUsd(t.usd)}`).join(' + ');
    if (Number(m.uncoveredUnits) > 0)
      lines.push(
        `${fmtUnits(m.uncoveredUnits)} ${u} over the allowance and no top-up to buy: see Problems. The month costs its fee, ${fmtUsd(m.feeUsd)}.`,
      );
    else if (packs)
      lines.push(
        `${fmtUnits(m.overUnits)} ${u} over: top-ups ${packs} = ${fmtUsd(m.topUpUsd)}; the month costs fee ${fmtUsd(m.feeUsd)} + ${fmtUsd(m.topUpUsd)} = ${fmtUsd(m.usd)}.`,
      );
    else lines.push(`Within the allowance: the month costs its fee, ${fmtUsd(m.feeUsd)}.`);
  }
  if (m.allocations.length > 1) lines.push(`Shared by the month's bookings in proportion to their ${u}: this booking ${fmtUsd(use.usd)}.`);
  return lines;
}
