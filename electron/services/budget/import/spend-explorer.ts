/** The spend summary (billed cost per group and currency) and the paged spend-line explorer, over every active import. */
import Big from 'big.js';
import { format as formatDate } from 'date-fns';
import { CurrencyTotals } from '../../../../shared/domain/billing/decimal-sums';
import { NO_CURRENCY } from '../../../../shared/domain/billing/spend-line';
import * as q from '../../../db/queries/budget';
import type { ServiceDeps } from '../../service-deps';
import { toLineView } from './import-views';

function isoWeekLabel(monday: string): string {
  const d = new Date(`${monday}T12:00:00Z`);
  return formatDate(d, "RRRR-'W'II");
}

/** Groupings read in time order; every other grouping is read biggest cost first. */
const TIME_GROUPINGS: ReadonlySet<q.SpendGroupBy> = new Set(['month', 'week']);

/** A group's cost for ordering: its USD total, else its largest currency total. */
function groupCost(totals: Record<string, string>): Big {
  if (totals.USD !== undefined) return new Big(totals.USD);
  return Object.values(totals).reduce((max, t) => (new Big(t).gt(max) ? new Big(t) : max), new Big(0));
}

/** Groups by cost, biggest first (ties by key); time groupings stay chronological. */
export function orderGroups<G extends { key: string; totals: Record<string, string> }>(by: q.SpendGroupBy, groups: G[]): G[] {
  const byKey = [...groups].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (TIME_GROUPINGS.has(by)) return byKey;
  const cost = new Map(byKey.map((g) => [g, groupCost(g.totals)]));
  return byKey.sort((a, b) => cost.get(b)!.cmp(cost.get(a)!));
}

export function createSpendExplorer({ db }: Pick<ServiceDeps, 'db'>) {
  /** Billed cost per group and currency over every active import; `exact` sums the decimal text instead of nano-units. */
  function spendSummary(request: { by: q.SpendGroupBy; filters?: q.SpendFilters | undefined; exact?: boolean | undefined }) {
    const exact = request.exact ?? false;
    const rows = q.selectGroupSums(db, request.by, request.filters ?? {}, exact);
    const groups = new Map<string, { key: string; totals: CurrencyTotals; lines: number }>();
    const totals = new CurrencyTotals();
    for (const r of rows) {
      const key = request.by === 'week' ? isoWeekLabel(r.key) : r.key;
      const g = groups.get(key) ?? { key, totals: new CurrencyTotals(), lines: 0 };
      g.totals.add(r.currency || NO_CURRENCY, r.total);
      g.lines += r.lines;
      groups.set(key, g);
      totals.add(r.currency || NO_CURRENCY, r.total);
    }
    return {
      totals: totals.toJSON(),
      groups: orderGroups(
        request.by,
        [...groups.values()].map((g) => ({ key: g.key, totals: g.totals.toJSON(), lines: g.lines })),
      ),
      exact,
    };
  }

  function listSpendLines(request: {
    offset: number;
    limit: number;
    filters?: q.SpendFilters | undefined;
    sort?: string | undefined;
    descending?: boolean | undefined;
    groupBy?: q.SpendGroupBy | undefined;
  }) {
    const { rows, total } = q.selectSpendLines(db, request.filters ?? {}, request);
    const groups = request.groupBy ? spendSummary({ by: request.groupBy, filters: request.filters }).groups : undefined;
    return { lines: rows.map(toLineView), total, offset: request.offset, ...(groups ? { groups } : {}) };
  }

  return { spendSummary, listSpendLines };
}
