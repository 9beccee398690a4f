/**
 * AWS Cost Explorer's CSV download: a pivot with a date per row and a column per service (`EC2-Instances($)`), plus
 * its own total rows and columns. Un-pivoted into a line per date and service; the sums dropped.
 */
import { emptyLine, RowContext, TOTAL_LABEL, type Header, type RowMapper } from '../dialect-kit';
import type { SpendLine } from '../spend-line';
import { parseBillingDate } from '../billing-dates';
import { isNullValue, LINE_AMOUNT_EXPECTED, lineAmountInRange, parseDecimal, stripBom } from '../values';

export function isCostExplorerPivot(h: Header): boolean {
  return h.names[0] === 'service' && h.names.slice(1).some((n) => /\([^)]*\)$/.test(n));
}

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };

/** AWS Cost Explorer's pivot: a date per row, a column per service; un-pivoted, its sum rows and columns dropped. */
export function costExplorerMapper(h: Header, description: string): RowMapper {
  const services = h.raw
    .map((raw, i) => ({ raw: stripBom(raw).trim(), i }))
    .slice(1)
    .map(({ raw, i }) => {
      const m = /^(.*?)\s*\(([^)]*)\)$/.exec(raw);
      const unit = m?.[2]?.trim() ?? '';
      return { i, name: (m?.[1] ?? raw).trim(), currency: CURRENCY_SYMBOLS[unit] ?? unit.toUpperCase() };
    })
    .filter((s) => !/^total(\s+costs?)?$/i.test(s.name));
  return {
    dialect: 'aws-cost-explorer',
    description,
    map(record, lineNo) {
      const label = (record[0] ?? '').trim();
      if (TOTAL_LABEL.test(label) || /total/i.test(label)) return { lines: [], errors: [], total: true };
      const ctx = new RowContext(h, record, lineNo);
      const date = parseBillingDate(label);
      if (!date.ok) {
        ctx.fail([h.names[0]!], label, date.expected);
        return { lines: [], errors: ctx.errors };
      }
      const lines: SpendLine[] = [];
      for (const s of services) {
        const raw = record[s.i];
        if (raw === undefined || isNullValue(raw)) continue;
        const parsed = parseDecimal(raw);
        if (!parsed.ok || !lineAmountInRange(parsed.value)) {
          ctx.fail([h.names[s.i]!], raw, parsed.ok ? LINE_AMOUNT_EXPECTED : parsed.expected);
          continue;
        }
        const line = emptyLine(lineNo);
        line.chargePeriodStart = date.value;
        line.billedCost = parsed.value;
        line.currency = s.currency;
        line.provider = 'AWS';
        line.service = s.name;
        lines.push(line);
      }
      return ctx.errors.length > 0 ? { lines: [], errors: ctx.errors } : { lines, errors: [] };
    },
  };
}
