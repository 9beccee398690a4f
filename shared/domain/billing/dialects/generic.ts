/**
 * Generic CSV: any file read through a named column mapping (which column holds the date, the cost, …; the date
 * format, decimal separator and sign), for exports no dialect recognises.
 */
import type { ColumnMapping } from '../column-mapping';
import { beginLine, finish, getter, MappingError, normalizeHeaderName, type Header, type RowMapper } from '../dialect-kit';
import { recogniseGpuInstance } from '../gpu-instance';
import type { DateFormat } from '../billing-dates';
import type { DecimalOptions } from '../values';

/** The columns a mapping names that `header` lacks (none: the mapping reads the file). */
export function missingMappingColumns(header: readonly string[], mapping: ColumnMapping): string[] {
  const names = new Set(header.map(normalizeHeaderName));
  return [
    mapping.dateColumn,
    mapping.costColumn,
    mapping.currencyColumn,
    mapping.providerColumn,
    mapping.serviceColumn,
    mapping.resourceColumn,
    mapping.accountColumn,
    mapping.skuColumn,
    ...mapping.tagColumns,
  ]
    .filter((c): c is string => c !== undefined)
    .filter((c) => !names.has(normalizeHeaderName(c)));
}

export function genericMapper(h: Header, mapping: ColumnMapping): RowMapper {
  const missing = missingMappingColumns(h.raw, mapping);
  if (missing.length > 0)
    throw new MappingError(`The file has no column ${missing.map((c) => `"${c}"`).join(', ')} named in the mapping.`, missing[0]!);
  const col = (c: string | undefined) => (c === undefined ? () => null : getter(h, normalizeHeaderName(c)));
  const g = {
    date: col(mapping.dateColumn),
    cost: col(mapping.costColumn),
    currency: col(mapping.currencyColumn),
    provider: col(mapping.providerColumn),
    service: col(mapping.serviceColumn),
    resource: col(mapping.resourceColumn),
    account: col(mapping.accountColumn),
    sku: col(mapping.skuColumn),
  };
  const tagGetters = mapping.tagColumns.map((c) => ({ key: c, get: col(c) }));
  const decimalOptions: DecimalOptions = { decimalSeparator: mapping.decimalSeparator, sign: mapping.sign };
  return {
    dialect: 'generic',
    description: `generic CSV through the mapping${mapping.name ? ` "${mapping.name}"` : ''}`,
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, {
        get: g.date,
        names: [normalizeHeaderName(mapping.dateColumn)],
        format: mapping.dateFormat as DateFormat,
      });
      line.billedCost = ctx.cost(g.cost, [normalizeHeaderName(mapping.costColumn)], decimalOptions) ?? '0';
      // The mapping's fixed code (validated with the mapping) stands for a file without a currency column, or its empty cells.
      line.currency =
        mapping.currencyColumn && (g.currency(record) !== null || mapping.currency === undefined)
          ? ctx.currency(g.currency, [normalizeHeaderName(mapping.currencyColumn)])
          : (mapping.currency?.toUpperCase() ?? '');
      line.provider = g.provider(record) ?? mapping.provider ?? null;
      line.service = g.service(record);
      line.resourceId = g.resource(record);
      line.subAccountId = g.account(record);
      line.sku = g.sku(record);
      for (const { key, get } of tagGetters) {
        const v = get(record);
        if (v !== null) line.tags[key] = v;
      }
      line.instanceType = recogniseGpuInstance(line.sku, line.service, line.resourceId);
      return finish(ctx, line, dateRaw);
    },
  };
}
