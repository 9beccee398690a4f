/** Rows of the billing import tables as the IPC contract shows them. */
import type { RowError } from '../../../../shared/domain/billing/dialects';
import type { BillingImport, SpendLineView } from '../../../../shared/ipc/contract/budget-import';
import type * as q from '../../../db/queries/budget';

/** `billing_account_id` → `billingAccountId`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** The named columns of a row under their camelCase names. */
function camelColumns<R, K extends keyof R & string>(row: R, columns: readonly K[]): { [P in K as CamelCase<P>]: R[P] } {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())] = row[c];
  return out as { [P in K as CamelCase<P>]: R[P] };
}

/** The import columns shown as they are stored. */
const IMPORT_COLUMNS = [
  ...['id', 'file_name', 'sha256', 'description', 'container', 'cost_basis', 'account_key', 'period_start', 'period_end'],
  ...['rows_read', 'rows_imported', 'rows_skipped', 'status', 'mapping_name', 'created_at'],
] as const;

export function toImportView(r: q.BillingImportRow): BillingImport {
  return {
    ...camelColumns(r, IMPORT_COLUMNS),
    format: r.dialect,
    periods: JSON.parse(r.periods_json) as BillingImport['periods'],
    skipped: JSON.parse(r.skipped_json) as BillingImport['skipped'],
    totals: JSON.parse(r.totals_json) as Record<string, string>,
    replacedImportIds: JSON.parse(r.replaced_import_ids) as number[],
    invoiceOpen: r.invoice_open === 1,
  };
}

/** Every spend-line column but the tags, shown as stored. */
const SPEND_LINE_COLUMNS = [
  ...['id', 'import_id', 'source_line', 'charge_period_start', 'charge_period_end', 'billed_cost', 'effective_cost', 'currency'],
  ...['provider', 'service', 'sku', 'resource_id', 'resource_name', 'billing_account_id', 'sub_account_id', 'region'],
  ...['charge_category', 'pricing_category', 'instance_type', 'gpu_count', 'usage_quantity', 'usage_unit', 'track_id'],
] as const;

export function toLineView(r: q.SpendLineRow): SpendLineView {
  return { ...camelColumns(r, SPEND_LINE_COLUMNS), tags: JSON.parse(r.tags_json) as Record<string, string> };
}

export const errorView = (e: RowError) => ({ line: e.line, column: e.column, message: e.message, value: e.value, expected: e.expected });
