/** The spend summary (billed cost per group and currency) and the paged spend-line explorer, over every active import. */
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
      groups: [...groups.values()].map((g) => ({ key: g.key, totals: g.totals.toJSON(), lines: g.lines })),
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
