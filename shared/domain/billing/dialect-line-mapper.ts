/**
 * The row mapper of a dialect that makes one spend line of each row (FOCUS, AWS CUR, Azure, OCI), built on the
 * dialect kit: columns read by key, text columns copied onto the line, tag columns found by their prefix.
 */
import { beginLine, finish, gettersFor, type Getter, type Header, type RowContext, type RowMapper, type SliceColumns } from './dialect-kit';
import type { BillingDialect, SpendLine } from './spend-line';
import { isNullValue, stripBom } from './values';

/** Spend-line fields that hold a column's text as written: a column keyed by one of these names is copied onto it. */
const TEXT_FIELDS = [
  'currency',
  'provider',
  'service',
  'sku',
  'resourceId',
  'resourceName',
  'billingAccountId',
  'subAccountId',
  'region',
  'chargeCategory',
  'pricingCategory',
  'usageUnit',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

/** What a dialect's `fill` reads a row with: its context, its spend line, the record, and the columns by key. */
export interface LineRow<K extends string> {
  ctx: RowContext;
  line: SpendLine;
  record: readonly string[];
  get: Record<K, Getter>;
  names: Record<K, string[]>;
}

/**
 * The row mapper of a dialect that makes one spend line of each row. `columns` lists what it reads, by key (each key's
 * candidate header names, the first present is read); a key named as a text field of the line (`service`, `sku`,
 * `subAccountId`, …) is copied onto it as written (`currency` '' where absent). The charge period starts at the `start`
 * column; `fill` sets the rest of the line; `finish` tells a refused row from the file's own total.
 */
export function oneLinePerRow<K extends string>(
  h: Header,
  spec: {
    dialect: BillingDialect;
    description: string;
    columns: Record<K, string[]>;
    start: NoInfer<K>;
    /**
     * The dialect's promise that `fill` leaves the account ids, the provider and the charge period's start as copied
     * (the provider may be a constant it sets on every line): then the mapper states its `sliceColumns`.
     */
    slice?: { provider?: string };
  },
  fill: (row: LineRow<K>) => void,
): RowMapper {
  const get = gettersFor(h, spec.columns);
  const copied: Array<{ field: Exclude<TextField, 'currency'>; read: Getter }> = TEXT_FIELDS.filter(
    (f): f is Exclude<TextField, 'currency'> & K => f in spec.columns && f !== 'currency',
  ).map((field) => ({ field, read: get[field] }));
  const currency = 'currency' in spec.columns ? { read: get['currency' as K], names: spec.columns['currency' as K] } : null;
  const start = { get: get[spec.start], names: spec.columns[spec.start] };
  const columnOf = (field: string): number | null => {
    if (!(field in spec.columns)) return null;
    const i = h.find(...spec.columns[field as K]);
    return i < 0 ? null : i;
  };
  const sliceColumns: SliceColumns | undefined = spec.slice && {
    billingAccountId: columnOf('billingAccountId'),
    subAccountId: columnOf('subAccountId'),
    provider: spec.slice.provider ?? columnOf('provider'),
    chargePeriodStart: columnOf(spec.start),
  };
  return {
    dialect: spec.dialect,
    description: spec.description,
    ...(sliceColumns ? { sliceColumns } : {}),
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, start);
      if (currency) line.currency = ctx.currency(currency.read, currency.names);
      for (const { field, read } of copied) line[field] = read(record);
      fill({ ctx, line, record, get, names: spec.columns });
      return finish(ctx, line, dateRaw);
    },
  };
}

/** A column of tags, one tag per column (`resourceTags/user:<key>`, `tags/<key>`): its index and the tag's key. */
export interface TagColumn {
  key: string;
  i: number;
}

/**
 * The columns whose name starts with `prefix` (lower case), marked as read; each tag's key is the rest of the name as
 * the file writes it. `match` compares the normalised name, or the raw text (tag keys with parentheses, which the
 * normalisation would read as Azure's localized names).
 */
export function tagColumnsByPrefix(h: Header, prefix: string, match: 'name' | 'raw'): TagColumn[] {
  const columns = h.raw
    .map((raw, i) => ({ text: stripBom(raw).trim(), i }))
    .filter(({ text, i }) => (match === 'raw' ? text.toLowerCase() : h.names[i]!).startsWith(prefix))
    .map(({ text, i }) => ({ key: text.slice(prefix.length), i }));
  for (const { i } of columns) h.used.add(i);
  return columns;
}

/** The tags a row's tag columns hold (null values left out). */
export function readTagColumns(record: readonly string[], columns: readonly TagColumn[]): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const { key, i } of columns) {
    const v = record[i];
    if (v !== undefined && !isNullValue(v)) tags[key] = v;
  }
  return tags;
}
