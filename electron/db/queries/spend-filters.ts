/** The filters of the spend explorer and the budget group-bys, as SQL over spend lines or over their daily rollup. */

export type SpendGroupBy =
  'month' | 'week' | 'track' | 'provider' | 'service' | 'currency' | 'import' | 'sub-account' | 'instance-type' | 'none';

export interface SpendFilters {
  from?: string | undefined;
  to?: string | undefined;
  provider?: string | undefined;
  service?: string | undefined;
  currency?: string | undefined;
  trackId?: string | undefined;
  importId?: number | undefined;
  gpuOnly?: boolean | undefined;
  search?: string | undefined;
}

export interface SqlWhere {
  sql: string;
  params: Record<string, unknown>;
}

/** How a filter reads in one table: its alias, its date column and its "no track" and "GPU only" conditions. */
interface FilterColumns {
  alias: string;
  date: string;
  unallocated: string;
  gpuOnly: string;
}

const LINE_COLUMNS: FilterColumns = {
  alias: 's',
  date: 's.charge_period_start',
  unallocated: 's.track_id IS NULL',
  gpuOnly: 's.instance_type IS NOT NULL',
};
// The rollup stores '' for null so that its key is unique (migration 0005).
const ROLLUP_COLUMNS: FilterColumns = { alias: 'r', date: 'r.day', unallocated: "r.track_id = ''", gpuOnly: "r.instance_type <> ''" };

/** The filters every table can answer (all but the text search), over the active imports (`i`). */
function columnFilters(filters: SpendFilters, columns: FilterColumns): { parts: string[]; params: Record<string, unknown> } {
  const parts = ["i.status = 'active'"];
  const params: Record<string, unknown> = {};
  const equals = (column: string, name: string, value: unknown) => {
    parts.push(`${columns.alias}.${column} = @${name}`);
    params[name] = value;
  };
  if (filters.from) {
    parts.push(`${columns.date} >= @from`);
    params.from = filters.from;
  }
  if (filters.to) {
    parts.push(`${columns.date} < @to`);
    params.to = filters.to;
  }
  if (filters.provider) equals('provider', 'provider', filters.provider);
  if (filters.service) equals('service', 'service', filters.service);
  if (filters.currency !== undefined) equals('currency', 'currency', filters.currency);
  if (filters.trackId) {
    if (filters.trackId === '(unallocated)') parts.push(columns.unallocated);
    else equals('track_id', 'trackId', filters.trackId);
  }
  if (filters.importId !== undefined) equals('import_id', 'importId', filters.importId);
  if (filters.gpuOnly) parts.push(columns.gpuOnly);
  return { parts, params };
}

/** The WHERE of spend lines `s` joined to their import `i`. */
export function spendLineWhere(filters: SpendFilters): SqlWhere {
  const { parts, params } = columnFilters(filters, LINE_COLUMNS);
  if (filters.search) {
    parts.push(
      "(s.service LIKE @search ESCAPE '\\' OR s.resource_id LIKE @search ESCAPE '\\' OR s.sku LIKE @search ESCAPE '\\' OR s.instance_type LIKE @search ESCAPE '\\')",
    );
    params.search = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  return { sql: parts.join(' AND '), params };
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The WHERE of rollup rows `r` joined to their import `i`, when every filter is one of its columns (dates whole days); else null. */
export function spendRollupWhere(filters: SpendFilters): SqlWhere | null {
  if (filters.search) return null;
  if ((filters.from && !DAY_ONLY.test(filters.from)) || (filters.to && !DAY_ONLY.test(filters.to))) return null;
  const { parts, params } = columnFilters(filters, ROLLUP_COLUMNS);
  return { sql: parts.join(' AND '), params };
}
