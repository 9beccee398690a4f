/**
 * Auto-plan, the model: from a plan's milestones, capacity pools, prices and budget to a mixed-integer program
 * whose optimum is the cheapest weekly schedule meeting every milestone (or the earliest finish within budget).
 *
 * Decisions: x[p,o,w] = GPU-hours of milestone phase p on offering o in ISO week w (continuous);
 * y[s,m] = a subscription is used in calendar month m (binary, charged its monthly fee), k[s,m,pack] = top-up packs
 * bought that month (integer): the month's units (GPU-hours × units per hour) beyond the allowance are covered by packs,
 * or, without packs, stay within it — the plan's own costing (subscription-pricing.ts);
 * c[p,o] = phase p runs on offering o (binary, only when it may choose between offerings);
 * z[p,w] = phase p is finished by the end of week w (binary, only for phases another one waits for).
 * Constraints: each phase gets the GPU-hours it needs within its window (elastic: a shortfall is allowed at a
 * large penalty so an impossible plan still gets an answer that says what binds); at most 24 h a day per GPU in the
 * days of each week inside its window; each pool's GPU-hours (or vCPUs at once) per week, after the bookings that stay
 * (not milestone work, or pinned); the budget (elastic, a smaller penalty: deadlines first), which pays the plan's
 * storage and transfer too (fixed: no schedule changes them); dependencies (a phase
 * works in a week only once the phase before it in its track is done by that week; with the dates freed, a milestone
 * works only once the milestones before it were done by the week before: its dates then start after theirs end).
 * Costs are the plan's own (shared/domain/plan/pricing.ts, subscription-pricing.ts), in the project's currency: each
 * catalog (USD) cost is converted at its week's rate as the plan's totals convert it (computeTotals, plan-currency.ts;
 * a week without a rate is not counted, as there), so the suggested schedule costs what the plan says it costs and the
 * budget row compares like with like. A subscription month's fee and top-ups are converted at the rate of the month's
 * first week the schedule may use, a reservation's commitment at its first possible week's (the plan splits them over
 * their bookings' weeks, whose rates differ little).
 */
import { createPriceBook, reservationCommitment } from '../pricing';
import { planDataCosts } from '../totals';
import { CATALOG_CURRENCY, planConverter } from '../plan-currency';
import type { Plan, PlanCatalog } from '../types';
import { daysInWeek, monthOfWeek, weeksInRange } from '../weeks';
import { LinearModel } from './lp-model';
import { subscriptionCosts } from '../subscription-pricing';
import { subscriptionOf } from '../../subscriptions';
import { datesAreFree, hourlyPerGpu, keepBookings, keptCosts, scheduleDemands, subscriptionKey } from './schedule-demands';
import { addPoolRows } from './schedule-pool-rows';
import { addDependencyRows, addFinishRows, dependencyPairs } from './schedule-timing-rows';
import { addChangeCosts } from './schedule-change-rows';
import type { OptimizeOptions, ScheduleModel } from './schedule-types';

export { OBJECTIVE_NAMES, type OptimizeObjective, type OptimizeOptions, type ScheduleModel } from './schedule-types';

const SHORTFALL_PENALTY = 1e6;
const BUDGET_PENALTY = 1e3;

export function buildScheduleModel(plan: Plan, catalog: PlanCatalog, options: OptimizeOptions): ScheduleModel {
  const book = createPriceBook(plan, catalog);
  const spotRework = options.spotRework ?? 0.1;
  const model = new LinearModel();
  const { demands, skipped } = scheduleDemands(plan, book, options);
  const fixed = keepBookings(plan, demands, options.pinnedAllocationIds ?? []);

  const weekSet = new Set(weeksInRange(plan.project.start, plan.project.end));
  for (const d of demands) for (const w of weeksInRange(d.windowStart, d.windowEnd)) weekSet.add(w);
  for (const a of fixed) weekSet.add(a.week);
  const weeks = [...weekSet].sort();

  // USD → the project's currency, week by week (1 in USD; 0 for a week without a rate: not counted, as computeTotals).
  const fx = planConverter(plan.project.currency, plan.project.currency === CATALOG_CURRENCY ? [] : (catalog.rates ?? []));
  const rateOf = (week: string) => Number(fx.factor(week) ?? 0);
  const kept = keptCosts(fixed, book, rateOf);
  const { keptSubscriptionUse, fixedReservedHours } = kept;
  // Storage and transfer are paid from the same budget (the checks count all costs, budget-checks.ts); no schedule
  // changes them, so they are fixed costs (already in the project's currency).
  let fixedCost = kept.fixedCost + Number(planDataCosts(plan, catalog));

  const x: ScheduleModel['x'] = [];
  const shortfall = new Map<number, number>();
  const choice = new Map<string, number>();
  const costTerms: Array<[number, number]> = [];
  const monthTerms = new Map<string, Array<[number, number]>>();
  const trackTerms = new Map<string, Array<[number, number]>>();
  const subscriptionUse = new Map<string, Array<{ variable: number; cap: number; offeringId: string; fee: number; week: string }>>();
  const reservationUse = new Map<string, Array<{ variable: number; cap: number; week: string }>>();

  demands.forEach((d, di) => {
    const completion: Array<[number, number]> = [];
    const multi = d.candidates.length > 1;
    d.candidates.forEach((c, ci) => {
      const { perGpuHour, hoursFactor } = hourlyPerGpu(c.price, spotRework);
      const need = c.gpuHours * hoursFactor;
      const chosen = multi ? model.addVariable({ type: 'binary' }) : -1;
      if (multi) choice.set(`${di}|${ci}`, chosen);
      const capTerms: Array<[number, number]> = [];
      let capTotal = 0;
      for (const week of weeksInRange(d.windowStart, d.windowEnd)) {
        const days = daysInWeek(week, d.windowStart, d.windowEnd);
        const cap = days * 24 * c.offering.gpuCount;
        if (cap <= 0) continue;
        // a GPU-hour's cost in the project's currency, at the week's rate
        const perHour = perGpuHour * rateOf(week);
        const v = model.addVariable({ upper: cap, cost: perHour });
        x.push({ variable: v, demand: di, candidate: ci, week, cap });
        completion.push([v, 1 / need]);
        capTerms.push([v, 1]);
        capTotal += cap;
        if (perHour > 0) {
          costTerms.push([v, perHour]);
          const month = monthOfWeek(week);
          monthTerms.set(month, [...(monthTerms.get(month) ?? []), [v, perHour]]);
          trackTerms.set(d.milestone.trackId, [...(trackTerms.get(d.milestone.trackId) ?? []), [v, perHour]]);
        }
        if (c.price && c.price.termYears !== null && !fixedReservedHours.has(c.offering.id))
          reservationUse.set(c.offering.id, [...(reservationUse.get(c.offering.id) ?? []), { variable: v, cap, week }]);
        if (c.price?.per === 'month') {
          const key = subscriptionKey(book, c.offering.id, week);
          const use = { variable: v, cap, offeringId: c.offering.id, fee: Number(c.price.usd), week };
          subscriptionUse.set(key, [...(subscriptionUse.get(key) ?? []), use]);
        }
      }
      if (multi && capTerms.length > 0) model.addRow([...capTerms, [chosen, -capTotal]], '<=', 0);
    });
    if (multi)
      model.addRow(
        d.candidates.map((_, ci) => [choice.get(`${di}|${ci}`)!, 1] as [number, number]),
        '=',
        1,
      );
    const slack = model.addVariable({ upper: 1, cost: SHORTFALL_PENALTY * d.neededHours });
    shortfall.set(di, slack);
    model.addRow([...completion, [slack, 1]], '>=', 1);
  });

  // Reservations: using a reserved offering at all commits its whole term (term × 8,760 h × rate), paid in the month
  // of its first possible use; one reservation (one box) per offering, its hours within the term.
  const reservations: ScheduleModel['reservations'] = [];
  for (const [offeringId, uses] of reservationUse) {
    const price = book.price(offeringId)!;
    const firstWeek = uses.map((u) => u.week).sort()[0]!;
    const cost = Number(reservationCommitment(price, 0)) * rateOf(firstWeek);
    const y = model.addVariable({ type: 'binary', cost });
    reservations.push({ variable: y, offeringId, cost });
    const termGpuHours = price.termYears! * 8760 * price.offeringGpuCount;
    model.addRow([...uses.map((u) => [u.variable, 1] as [number, number]), [y, -termGpuHours]], '<=', 0);
    costTerms.push([y, cost]);
    const month = monthOfWeek(firstWeek);
    monthTerms.set(month, [...(monthTerms.get(month) ?? []), [y, cost]]);
  }

  // Subscriptions, as the plan costs them: the fee once per month the subscription is used (fixed when a kept booking
  // uses it), the month's units beyond the allowance covered by whole top-up packs, or kept within it without packs.
  const subscriptions: ScheduleModel['subscriptions'] = [];
  for (const [key, keptUses] of keptSubscriptionUse) {
    if (subscriptionUse.has(key)) continue;
    // as the plan costs them: each booking's share of the month, at its week's rate
    for (const [id, share] of subscriptionCosts(keptUses, book).costs)
      fixedCost += Number(share) * rateOf(keptUses.find((a) => a.id === id)!.week);
  }
  for (const [key, uses] of subscriptionUse) {
    const month = key.slice(key.lastIndexOf('|') + 1);
    const keptUses = keptSubscriptionUse.get(key) ?? [];
    const rate = rateOf([...uses.map((u) => u.week), ...keptUses.map((a) => a.week)].sort()[0]!);
    const fee = Math.max(...uses.map((u) => u.fee), ...keptUses.map((a) => Number(book.price(a.offeringId)?.usd ?? 0))) * rate;
    const monthCost: Array<[number, number]> = [];
    if (keptUses.length > 0) fixedCost += fee;
    else {
      const y = model.addVariable({ type: 'binary', cost: fee });
      subscriptions.push({ variable: y, key, cost: fee });
      const bigM = uses.reduce((s, u) => s + u.cap, 0);
      model.addRow([...uses.map((u) => [u.variable, 1] as [number, number]), [y, -bigM]], '<=', 0);
      costTerms.push([y, fee]);
      monthCost.push([y, fee]);
    }
    const found = subscriptionOf(uses[0]!.offeringId, book.subscriptions);
    if (found) {
      const rateOf = (offeringId: string) => subscriptionOf(offeringId, book.subscriptions)?.rate.unitsPerHour ?? 0;
      const keptUnits = keptUses.reduce((s, a) => s + a.hours * a.gpuCount * rateOf(a.offeringId!), 0);
      const unitTerms = uses.map((u) => [u.variable, rateOf(u.offeringId)] as [number, number]);
      const room = found.subscription.unitsPerMonth - keptUnits;
      if (found.subscription.topUps.length === 0) model.addRow(unitTerms, '<=', Math.max(0, room));
      else {
        const packs = found.subscription.topUps.map((t) => {
          const packCost = Number(t.usd) * rate;
          const k = model.addVariable({ type: 'integer', cost: packCost });
          costTerms.push([k, packCost]);
          monthCost.push([k, packCost]);
          return [k, -t.units] as [number, number];
        });
        model.addRow([...unitTerms, ...packs], '<=', room);
      }
    }
    monthTerms.set(month, [...(monthTerms.get(month) ?? []), ...monthCost]);
  }

  const poolRows = addPoolRows({ model, pools: plan.pools, book, weeks, demands, x, fixed, allowTurns: options.allowTurns ?? true });

  // Budget: the whole plan (kept bookings included) within the project's budget, elastic; and any extra limits. All
  // in the project's currency.
  const budget = Number(plan.project.budget);
  const budgetSlack = Number.isFinite(budget) ? model.addVariable({ cost: BUDGET_PENALTY }) : null;
  const budgetRow = budgetSlack === null ? -1 : model.addRow([...costTerms, [budgetSlack, -1]], '<=', budget - fixedCost);
  for (const limit of options.budgets ?? []) {
    const terms = limit.month ? monthTerms.get(limit.month) : limit.trackId ? trackTerms.get(limit.trackId) : costTerms;
    if (terms && terms.length > 0) model.addRow(terms, '<=', limit.amount);
  }

  const datesFreed = datesAreFree(options);
  const order = dependencyPairs(demands, options.allowReorder ?? false);
  addDependencyRows(model, demands, x, shortfall, spotRework, order, datesFreed);
  const finishVariable = addFinishRows(model, weeks, x, options, budget);
  if (options.objective === 'change') {
    const penalties = new Set([...shortfall.values(), ...(budgetSlack === null ? [] : [budgetSlack])]);
    addChangeCosts(model, plan, demands, x, weeks, fixed, penalties);
  }

  return {
    model,
    weeks,
    demands,
    fixed,
    skipped,
    x,
    shortfall,
    budgetSlack,
    budgetRow,
    poolRows,
    choice,
    subscriptions,
    reservations,
    finishVariable,
    allowTurns: options.allowTurns ?? true,
    datesFreed,
    order,
    fixedCost,
    budget,
    penalties: { shortfallPerHour: SHORTFALL_PENALTY, budgetPerUnit: BUDGET_PENALTY },
  };
}
