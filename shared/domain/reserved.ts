/**
 * A reservation is a commitment, not an hourly price: term × 8,760 h × the reserved rate, paid whether the machine is
 * used or not (all upfront, partial or monthly — the total is the same). What an hour of it costs depends on how many
 * hours of the term are used; it beats on-demand only above the break-even utilisation = reserved rate ÷ on-demand rate.
 */
import Big from 'big.js';
import { money } from './money-format';

export const HOURS_PER_YEAR = 8760;

/** Term in years of a reserved price kind, else null. */
export function reservedTermYears(kind: string): number | null {
  const m = /^reserved-(\d+)y$/.exec(kind);
  return m ? Number(m[1]) : null;
}

export interface ReservedCommitment {
  termYears: number;
  /** Hours of one reservation's term (term × 8,760). */
  termHours: number;
  /** Reservations needed to hold the hours used (more than one term's hours run on parallel machines). */
  reservations: number;
  /** What is paid over the term, USD. */
  commitmentUsd: Big;
  /** Machine-hours used in the term (at least the run itself). */
  hoursUsed: number;
  /** Commitment ÷ hours used: what an hour used really costs. */
  usdPerHourUsed: Big;
  /** Hours used ÷ hours committed, 0–1. */
  utilisation: number;
  /** Reserved rate ÷ on-demand rate: the utilisation above which the reservation costs less than on-demand; null without an on-demand rate. */
  breakEvenUtilisation: number | null;
}

const pct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 1)}%`;

export function reservedCommitment(
  reservedUsdPerHour: number | Big,
  termYears: number,
  hoursUsedInTerm: number,
  onDemandUsdPerHour: number | null,
): ReservedCommitment {
  const rate = new Big(reservedUsdPerHour);
  const termHours = termYears * HOURS_PER_YEAR;
  const hoursUsed = Math.max(0, hoursUsedInTerm);
  const reservations = Math.max(1, Math.ceil(hoursUsed / termHours));
  const commitmentUsd = rate.times(termHours).times(reservations);
  return {
    termYears,
    termHours,
    reservations,
    commitmentUsd,
    hoursUsed,
    usdPerHourUsed: hoursUsed > 0 ? commitmentUsd.div(hoursUsed) : commitmentUsd,
    utilisation: hoursUsed / (termHours * reservations),
    breakEvenUtilisation: onDemandUsdPerHour && onDemandUsdPerHour > 0 ? Number(rate.div(onDemandUsdPerHour)) : null,
  };
}

/** The commitment in words, with the utilisation that would beat on-demand. */
export function describeReserved(rate: number, c: ReservedCommitment): string {
  const usd = (b: Big) => money('USD', b.round(2, Big.roundHalfUp).toFixed(2));
  const breakEven =
    c.breakEvenUtilisation === null
      ? 'no on-demand rate to compare with'
      : `beats on-demand only above ${pct(c.breakEvenUtilisation)} use (${Math.ceil(c.breakEvenUtilisation * c.termHours).toLocaleString('en-US')} h of the term)`;
  return `${c.termYears}-year reservation: ${c.reservations > 1 ? `${c.reservations} × ` : ''}${c.termHours.toLocaleString('en-US')} h × $${rate}/h = ${usd(c.commitmentUsd)} committed, paid whether used or not; ${Math.round(c.hoursUsed).toLocaleString('en-US')} h used = ${pct(c.utilisation)} of it, ${usd(c.usdPerHourUsed)} per hour used; ${breakEven}`;
}
