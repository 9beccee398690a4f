/**
 * Google Cloud billing: the BigQuery export written as CSV (dotted `service.description` columns, or unnested:
 * `service`/`sku`/`project`/`location` holding JSON objects and each credit flattened into `credits_*` columns on a
 * row repeated per credit), and the legacy billing "file export" (`Account ID, Line Item, Start Time, …, Credit1
 * Amount, …, Cost, Currency`).
 */
import Big from 'big.js';
import {
  beginLine,
  emptyLine,
  finish,
  getter,
  gettersFor,
  RowContext,
  type Getter,
  type Header,
  type RowMapper,
  type RowOutcome,
} from '../dialect-kit';
import { recogniseGpuInstance } from '../gpu-instance';
import type { Decimal } from '../spend-line';
import { parseTags } from '../billing-tags';
import { canonicalDecimal, isNullValue, LINE_AMOUNT_EXPECTED, lineAmountInRange, parseDecimal, type ParseResult } from '../values';

// ------------------------------------------------------------------------------------------------- BigQuery export CSV

export function isGcpBigQueryExport(h: Header): boolean {
  return (
    h.has('cost') &&
    h.has('usage_start_time') &&
    h.has('service.description', 'service_description', 'service', 'sku.description', 'sku_description', 'sku')
  );
}

/** `{"id": "6F81-5844-456A", "description": "Compute Engine"}` → the field wanted; plain text as it is. */
function objectField(raw: string | null, ...fields: string[]): string | null {
  if (raw === null || !raw.startsWith('{')) return raw;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    for (const f of fields) {
      const v = parsed[f];
      if (typeof v === 'string' && v !== '') return v;
    }
    return null;
  } catch {
    return raw;
  }
}

/** GCP `credits` column: the sum of its `amount`s (negative), from JSON or Python repr; null/[] → 0. */
export function sumGcpCredits(raw: string | null | undefined): ParseResult<Decimal> {
  if (isNullValue(raw)) return { ok: true, value: '0' };
  let total = new Big(0);
  for (const m of raw!.matchAll(/['"]amount['"]\s*:\s*([^,}\s]+)/g)) {
    const parsed = parseDecimal(m[1]!.replace(/^['"]|['"]$/g, ''), { decimalSeparator: '.' });
    if (!parsed.ok) return { ok: false, expected: 'credits as a list of {amount: number}' };
    total = total.plus(parsed.value);
  }
  return { ok: true, value: canonicalDecimal(total) };
}

const FLAT_CREDIT = /^credits?[._](amount|name|type|id|full_name)$/;

/** Number of elements of a JSON (or Python repr) list of credits; null/[] → 0. */
function creditCount(raw: string | null): number {
  if (raw === null) return 0;
  return [...raw.matchAll(/['"]amount['"]\s*:/g)].length;
}

/**
 * Repeated rows of an unnested export are told apart by everything but the flattened credit; a group of rows is one
 * line item. Rows of one line item are adjacent in practice; the memory of groups is bounded (oldest dropped).
 */
const MAX_GROUPS = 100_000;

export function gcpBigQueryMapper(h: Header, description: string): RowMapper {
  const n = {
    cost: ['cost'],
    credits: ['credits'],
    start: ['usage_start_time'],
    end: ['usage_end_time'],
    currency: ['currency'],
    service: ['service.description', 'service_description', 'service'],
    sku: ['sku.description', 'sku_description', 'sku'],
    resource: ['resource.name', 'resource_name', 'resource.global_name', 'resource_global_name'],
    account: ['billing_account_id'],
    project: ['project.id', 'project_id', 'project'],
    region: ['location.region', 'location_region', 'location.location', 'location_location', 'location'],
    quantity: ['usage.amount', 'usage_amount'],
    unit: ['usage.unit', 'usage_unit'],
    labels: ['labels'],
    invoiceMonth: ['invoice.month', 'invoice_month', 'invoice'],
    costType: ['cost_type'],
    creditAmount: ['credits_amount', 'credits.amount', 'credit_amount'],
  };
  const g = gettersFor(h, n);
  const flatColumns = h.names
    .map((nm, i) => ({ nm, i }))
    .filter(({ nm }) => FLAT_CREDIT.test(nm))
    .map(({ i }) => i);
  const flattened = flatColumns.length > 0 && h.find(...n.creditAmount) >= 0;
  const hasCreditsList = h.find(...n.credits) >= 0;
  for (const i of flatColumns) h.used.add(i);
  const keyColumns = h.names.map((_, i) => i).filter((i) => !flatColumns.includes(i));
  /** Per line-item key: rows seen in its current group and the flattened credits seen. */
  const groups = new Map<string, { rows: number; credits: Set<string> }>();

  function mapLine(record: readonly string[], lineNo: number, creditsPart: 'list' | 'flat-first' | 'flat-more'): RowOutcome {
    const { ctx, line, dateRaw } = beginLine(h, record, lineNo, { get: g.start, names: n.start });
    const cost = ctx.cost(g.cost, n.cost);
    let credits: Decimal = '0';
    if (creditsPart === 'list') {
      const parsed = sumGcpCredits(g.credits(record));
      if (parsed.ok) credits = parsed.value;
      else ctx.fail(n.credits, g.credits(record), parsed.expected);
    } else {
      credits = ctx.optionalDecimal(g.creditAmount, n.creditAmount) ?? '0';
    }
    // Billed = cost + Σ credits (credits are negative); a row repeated for its next credit adds that credit only.
    if (creditsPart === 'flat-more') line.billedCost = credits;
    else line.billedCost = cost !== null ? canonicalDecimal(new Big(cost).plus(credits)) : '0';
    if (!lineAmountInRange(line.billedCost)) {
      ctx.fail(n.credits, g.credits(record), LINE_AMOUNT_EXPECTED);
      line.billedCost = '0';
    }
    line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
    const month = objectField(g.invoiceMonth(record), 'month');
    if (month && /^\d{6}$/.test(month)) {
      line.billingPeriodStart = `${month.slice(0, 4)}-${month.slice(4)}-01T00:00:00Z`;
      const next = new Date(Date.UTC(+month.slice(0, 4), +month.slice(4), 1));
      line.billingPeriodEnd = `${next.toISOString().slice(0, 19)}Z`;
    }
    line.currency = ctx.currency(g.currency, n.currency);
    line.provider = 'Google Cloud';
    line.service = objectField(g.service(record), 'description', 'id');
    line.sku = objectField(g.sku(record), 'description', 'id');
    line.resourceId = objectField(g.resource(record), 'name', 'global_name');
    line.billingAccountId = g.account(record);
    line.subAccountId = objectField(g.project(record), 'id', 'name', 'number');
    line.region = objectField(g.region(record), 'region', 'location', 'country');
    const costType = g.costType(record);
    line.chargeCategory =
      creditsPart === 'flat-more'
        ? 'Credit'
        : costType === null
          ? 'Usage'
          : /tax/i.test(costType)
            ? 'Tax'
            : /adjustment/i.test(costType)
              ? 'Adjustment'
              : 'Usage';
    line.usageQuantity = creditsPart === 'flat-more' ? null : ctx.optionalDecimal(g.quantity, n.quantity);
    line.usageUnit = g.unit(record);
    line.tags = ctx.tags(g.labels, n.labels);
    line.instanceType = recogniseGpuInstance(line.sku, line.resourceId);
    return finish(ctx, line, dateRaw);
  }

  return {
    dialect: 'gcp',
    description: flattened ? `${description}, credits unnested (one row per credit)` : description,
    map(record, lineNo) {
      if (!flattened) return mapLine(record, lineNo, 'list');
      const key = keyColumns.map((i) => record[i] ?? '').join('\u0001');
      const credit = flatColumns.map((i) => record[i] ?? '').join('\u0001');
      let group = groups.get(key);
      if (hasCreditsList) {
        // The whole list is on every row: the first row of a group counts it; the others repeat it.
        const size = Math.max(1, creditCount(g.credits(record)));
        if (group && group.rows < size) {
          group.rows += 1;
          return { lines: [], errors: [] };
        }
        if (groups.size >= MAX_GROUPS) groups.delete(groups.keys().next().value!);
        groups.set(key, { rows: 1, credits: new Set() });
        return mapLine(record, lineNo, 'list');
      }
      // Only the flattened credit: a row with a credit not yet seen for this line item adds that credit; a row whose
      // credit was already seen (or a line item seen for the first time) is a line item of its own.
      const empty = credit.replace(/\u0001/g, '') === '';
      if (group && !empty && !group.credits.has(credit)) {
        group.credits.add(credit);
        group.rows += 1;
        return mapLine(record, lineNo, 'flat-more');
      }
      group = { rows: 1, credits: new Set(empty ? [] : [credit]) };
      if (groups.size >= MAX_GROUPS) groups.delete(groups.keys().next().value!);
      groups.delete(key);
      groups.set(key, group);
      return mapLine(record, lineNo, 'flat-first');
    },
  };
}

// ------------------------------------------------------------------------------------------------ legacy file export

export function isGcpLegacyFileExport(h: Header): boolean {
  return h.has('line item') && h.has('start time') && h.has('cost') && h.has('currency');
}

export function gcpLegacyMapper(h: Header, description: string): RowMapper {
  const n = {
    cost: ['Cost'],
    currency: ['Currency'],
    start: ['Start Time'],
    end: ['End Time'],
    lineItem: ['Line Item'],
    account: ['Account ID'],
    projectId: ['Project ID', 'Project'],
    description: ['Description'],
    quantity: ['Measurement1 Total Consumption'],
    unit: ['Measurement1 Units'],
    labels: ['Project Labels'],
  };
  const g = gettersFor(h, n);
  // Credit groups: `CreditN` (name), `CreditN Amount`, `CreditN Currency`, numbered from 1.
  const creditGroups: Array<{ n: number; amount: Getter; amountName: string; currency: Getter; currencyName: string }> = [];
  for (const name of h.names) {
    const m = /^credit(\d+) amount$/.exec(name);
    if (!m) continue;
    creditGroups.push({
      n: Number(m[1]),
      amount: getter(h, name),
      amountName: name,
      currency: getter(h, `credit${m[1]} currency`),
      currencyName: `credit${m[1]} currency`,
    });
  }
  creditGroups.sort((a, b) => a.n - b.n);
  return {
    dialect: 'gcp',
    description,
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, { get: g.start, names: n.start });
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      const cost = ctx.cost(g.cost, n.cost);
      line.currency = ctx.currency(g.currency, n.currency);
      // Credits in the cost's currency reduce it; a credit in another currency is a line of its own (never summed across).
      let billed = new Big(cost ?? '0');
      const otherCurrency = new Map<string, Big>();
      for (const c of creditGroups) {
        const amount = ctx.optionalDecimal(c.amount, [c.amountName]);
        if (amount === null) continue;
        const currency = c.currency(record) === null ? line.currency : ctx.currency(c.currency, [c.currencyName]);
        if (currency === line.currency) billed = billed.plus(amount);
        else otherCurrency.set(currency, (otherCurrency.get(currency) ?? new Big(0)).plus(amount));
      }
      line.billedCost = canonicalDecimal(billed);
      line.provider = 'Google Cloud';
      const item = g.lineItem(record);
      line.sku = g.description(record) ?? item;
      line.service = item ? (/services\/([^/]+)/.exec(item)?.[1] ?? item) : null;
      line.resourceId = item;
      line.billingAccountId = g.account(record);
      line.subAccountId = g.projectId(record);
      line.chargeCategory = 'Usage';
      const quantity = g.quantity(record);
      if (quantity !== null) {
        const parsed = parseDecimal(quantity);
        if (parsed.ok) line.usageQuantity = parsed.value;
        else ctx.fail(n.quantity, quantity, parsed.expected);
      }
      line.usageUnit = g.unit(record);
      // Project labels are informative: a form we cannot read leaves the line untagged, never refused.
      const labels = parseTags(g.labels(record));
      line.tags = labels.ok ? labels.value : {};
      line.instanceType = recogniseGpuInstance(line.sku, item);
      const outcome = finish(ctx, line, dateRaw);
      if (outcome.lines.length === 0 || otherCurrency.size === 0) return outcome;
      const extra = [...otherCurrency].map(([currency, amount]) => ({
        ...line,
        tags: { ...line.tags },
        currency,
        billedCost: canonicalDecimal(amount),
        chargeCategory: 'Credit',
        usageQuantity: null,
      }));
      return { lines: [line, ...extra], errors: outcome.errors };
    },
  };
}
