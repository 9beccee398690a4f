/**
 * Billing dialects: recognised from the header (names, never positions) and mapped row by row onto the canonical
 * SpendLine. See ../shared/billing-samples/FORMATS.md for the rules each mapping follows.
 */
import Big from 'big.js';
import type { ColumnMapping } from './column-mapping';
import { readSkuPriceDetails, recogniseGpuInstance } from './gpu-instance';
import type { BillingDialect, Decimal, SpendLine } from './spend-line';
import {
  addDaysIso, canonicalDecimal, isNullValue, LINE_AMOUNT_EXPECTED, lineAmountInRange, ownCopy, parseBillingDate, parseDecimal, parseNullableDate, parseNullableDecimal, parseTags, stripBom, sumGcpCredits,
  type DateFormat, type DecimalOptions,
} from './values';

export interface RowError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  /** Column name as the file writes it. */
  column: string;
  value: string;
  expected: string;
  message: string;
}

export interface RowOutcome {
  lines: SpendLine[];
  errors: RowError[];
  /** The file's own total/subtotal row: not a line item. */
  total?: boolean;
}

export interface RowMapper {
  dialect: BillingDialect;
  /** Indices of the header's columns the mapper reads (others may be left empty). */
  usedColumns?: number[];
  /** What the header says about the file (e.g. "FOCUS 1.0", "Azure EA actual/amortized"). */
  description: string;
  map(record: readonly string[], line: number): RowOutcome;
}

/** Header name as compared: BOM stripped, trimmed, lower case; Azure's localized `Name (MeterCategory)` → `metercategory`. */
export function normalizeHeaderName(name: string): string {
  let t = stripBom(name).replace(/\ufeff/g, '').trim();
  const localized = /\(([A-Za-z][A-Za-z0-9_]*)\)\s*$/.exec(t);
  if (localized && !/^\(/.test(t)) t = localized[1]!;
  return t.toLowerCase();
}

class Header {
  readonly names: string[];
  private readonly index = new Map<string, number>();
  /** Column indices the mapper reads (a Parquet reader fetches only these). */
  readonly used = new Set<number>();
  constructor(readonly raw: readonly string[]) {
    this.names = raw.map(normalizeHeaderName);
    this.names.forEach((n, i) => {
      if (!this.index.has(n)) this.index.set(n, i);
    });
  }
  has(...names: string[]): boolean {
    return names.some((n) => this.index.has(n.toLowerCase()));
  }
  /** Index of the first alias present, or -1. */
  find(...names: string[]): number {
    for (const n of names) {
      const i = this.index.get(n.toLowerCase());
      if (i !== undefined) {
        this.used.add(i);
        return i;
      }
    }
    return -1;
  }
}

export interface DetectedDialect {
  dialect: BillingDialect | null;
  description: string;
}

/** Recognises the dialect from the header alone. `null` → only a named column mapping (generic) can read it. */
export function detectDialect(rawHeader: readonly string[]): DetectedDialect {
  const h = new Header(rawHeader);
  if (h.has('billedcost') && h.has('chargeperiodstart')) {
    const version = h.has('serviceprovidername', 'contractapplied') ? '1.3' : h.has('pricingcurrency') ? '1.2' : h.has('skupricedetails') ? '1.1' : '1.0';
    return { dialect: 'focus', description: `FOCUS ${version}` };
  }
  if (h.has('lineitem/unblendedcost')) return { dialect: 'aws-cur', description: 'AWS CUR (legacy, slash names)' };
  if (h.has('line_item_unblended_cost')) return { dialect: 'aws-athena', description: h.has('bill_payer_account_name') ? 'AWS CUR 2.0 (snake_case)' : 'AWS CUR (Athena snake_case)' };
  if (h.has('metercategory') && h.has('cost', 'costinbillingcurrency', 'pretaxcost')) {
    const kind = h.has('pretaxcost') ? 'legacy / pay-as-you-go' : h.has('serviceperiodstartdate') ? 'MCA' : 'EA';
    return { dialect: 'azure', description: `Azure ${kind}` };
  }
  if (h.has('service.description') && h.has('cost')) return { dialect: 'gcp', description: 'GCP BigQuery billing export (CSV)' };
  if (h.names[0] === 'service' && h.names.slice(1).some((n) => /\([^)]*\)$/.test(n))) return { dialect: 'aws-cost-explorer', description: 'AWS Cost Explorer (pivot)' };
  return { dialect: null, description: 'not a known billing dialect: choose a column mapping' };
}

// ------------------------------------------------------------------------------------------------------ row mapping kit

type Getter = (record: readonly string[]) => string | null;

function getter(h: Header, ...names: string[]): Getter {
  const i = h.find(...names);
  if (i < 0) return () => null;
  return (record) => {
    const v = record[i];
    if (v === undefined) return null;
    const t = v.charCodeAt(0) === 0xfeff ? v.slice(1) : v;
    return isNullValue(t) ? null : t.trim();
  };
}

class RowContext {
  readonly errors: RowError[] = [];
  constructor(readonly header: Header, readonly record: readonly string[], readonly line: number) {}
  private columnName(names: string[]): string {
    const i = this.header.find(...names);
    return i >= 0 ? stripBom(this.header.raw[i]!).trim() : names[0]!;
  }
  fail(names: string[], value: string | null, expected: string): void {
    const column = this.columnName(names);
    const i = this.header.find(...names);
    const missing = i >= 0 && i >= this.record.length;
    // Copies: the record's fields are slices of a large chunk of the file, and errors outlive the row.
    this.errors.push({
      line: this.line, column, value: ownCopy(value ?? ''), expected,
      message: ownCopy(missing ? `line ${this.line}: column ${column} is missing (the row has ${this.record.length} of ${this.header.raw.length} fields); expected ${expected}` : `line ${this.line}, column ${column}: "${(value ?? '').slice(0, 60)}" is not ${expected}`),
    });
  }
  cost(get: Getter, names: string[], options: DecimalOptions = {}): Decimal | null {
    const raw = get(this.record);
    if (raw === null) {
      this.fail(names, raw, 'an amount (an empty cost is not 0)');
      return null;
    }
    const parsed = parseDecimal(raw, options);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return null;
    }
    if (!lineAmountInRange(parsed.value)) {
      this.fail(names, raw, LINE_AMOUNT_EXPECTED);
      return null;
    }
    return parsed.value;
  }
  optionalDecimal(get: Getter, names: string[], options: DecimalOptions = {}): Decimal | null {
    const parsed = parseNullableDecimal(get(this.record), options);
    if (!parsed.ok) {
      this.fail(names, get(this.record), parsed.expected);
      return null;
    }
    return parsed.value;
  }
  date(get: Getter, names: string[], format: DateFormat = 'auto'): string | null {
    const raw = get(this.record);
    if (raw === null) {
      this.fail(names, raw, 'a date');
      return null;
    }
    const parsed = parseBillingDate(raw, format);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return null;
    }
    return parsed.value;
  }
  optionalDate(get: Getter, names: string[]): string | null {
    const raw = get(this.record);
    const parsed = parseNullableDate(raw);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return null;
    }
    return parsed.value;
  }
  tags(get: Getter, names: string[]): Record<string, string> {
    const raw = get(this.record);
    const parsed = parseTags(raw);
    if (!parsed.ok) {
      this.fail(names, raw, parsed.expected);
      return {};
    }
    return parsed.value;
  }
}

const TOTAL_LABEL = /^(?:grand\s+)?(?:sub)?totals?(?:\s+costs?)?(?:\s*\(.*\))?:?$|^service total$/i;

/** A row is the file's own sum when a label field says Total and it has no date of its own. */
function isTotalRow(record: readonly string[], dateValue: string | null): boolean {
  if (dateValue !== null) return false;
  return record.some((v) => TOTAL_LABEL.test(v.trim()));
}

function emptyLine(line: number): SpendLine {
  return {
    sourceLine: line, chargePeriodStart: '', chargePeriodEnd: null, billingPeriodStart: null, billingPeriodEnd: null, billedCost: '0', effectiveCost: null,
    currency: '', provider: null, service: null, sku: null, resourceId: null, resourceName: null, billingAccountId: null, subAccountId: null, region: null,
    chargeCategory: null, pricingCategory: null, instanceType: null, usageQuantity: null, usageUnit: null, tags: {},
  };
}

/** The `errors` of every row without any: shared, so frozen. */
const NO_ERRORS = Object.freeze([]) as unknown as RowError[];

function finish(ctx: RowContext, line: SpendLine, dateRaw: string | null): RowOutcome {
  if (ctx.errors.length > 0) {
    if (isTotalRow(ctx.record, dateRaw)) return { lines: [], errors: NO_ERRORS, total: true };
    return { lines: [], errors: ctx.errors };
  }
  return { lines: [line], errors: NO_ERRORS };
}

// ------------------------------------------------------------------------------------------------------------ dialects

function focusMapper(h: Header, description: string): RowMapper {
  const n = {
    billed: ['BilledCost'], effective: ['EffectiveCost'], start: ['ChargePeriodStart'], end: ['ChargePeriodEnd'], bpStart: ['BillingPeriodStart'], bpEnd: ['BillingPeriodEnd'],
    currency: ['BillingCurrency'], provider: ['ServiceProviderName', 'ProviderName'], service: ['ServiceName'], sku: ['SkuId'], resourceId: ['ResourceId'], resourceName: ['ResourceName'],
    account: ['BillingAccountId'], sub: ['SubAccountId'], region: ['RegionId', 'RegionName'], category: ['ChargeCategory'], pricing: ['PricingCategory'],
    quantity: ['ConsumedQuantity'], unit: ['ConsumedUnit'], tags: ['Tags'], details: ['SkuPriceDetails'], resourceType: ['ResourceType'], description: ['ChargeDescription'],
  };
  const g = Object.fromEntries(Object.entries(n).map(([k, names]) => [k, getter(h, ...names)])) as Record<keyof typeof n, Getter>;
  return {
    dialect: 'focus',
    description,
    map(record, lineNo) {
      const ctx = new RowContext(h, record, lineNo);
      const line = emptyLine(lineNo);
      const dateRaw = g.start(record);
      line.chargePeriodStart = ctx.date(g.start, n.start) ?? '';
      line.billedCost = ctx.cost(g.billed, n.billed) ?? '0';
      line.effectiveCost = ctx.optionalDecimal(g.effective, n.effective);
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      line.billingPeriodEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.currency = g.currency(record) ?? '';
      line.provider = g.provider(record);
      line.service = g.service(record);
      line.sku = g.sku(record);
      line.resourceId = g.resourceId(record);
      line.resourceName = g.resourceName(record);
      line.billingAccountId = g.account(record);
      line.subAccountId = g.sub(record);
      line.region = g.region(record);
      line.chargeCategory = g.category(record);
      line.pricingCategory = g.pricing(record);
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.usageUnit = g.unit(record);
      line.tags = ctx.tags(g.tags, n.tags);
      const details = readSkuPriceDetails(g.details(record));
      line.instanceType = details.instanceType ?? recogniseGpuInstance(g.resourceType(record), g.description(record), line.sku);
      if (details.gpuCount !== null) line.gpuCount = details.gpuCount;
      return finish(ctx, line, dateRaw);
    },
  };
}

/** AWS CUR, legacy slash names or Athena snake_case: the same columns under two spellings. */
function awsMapper(h: Header, dialect: 'aws-cur' | 'aws-athena', description: string): RowMapper {
  const slash = dialect === 'aws-cur';
  const name = (s: string, a: string) => [slash ? s : a];
  const n = {
    unblended: name('lineItem/UnblendedCost', 'line_item_unblended_cost'), type: name('lineItem/LineItemType', 'line_item_line_item_type'),
    start: name('lineItem/UsageStartDate', 'line_item_usage_start_date'), end: name('lineItem/UsageEndDate', 'line_item_usage_end_date'),
    bpStart: name('bill/BillingPeriodStartDate', 'bill_billing_period_start_date'), bpEnd: name('bill/BillingPeriodEndDate', 'bill_billing_period_end_date'),
    currency: name('lineItem/CurrencyCode', 'line_item_currency_code'), service: name('lineItem/ProductCode', 'line_item_product_code'),
    productName: name('product/ProductName', 'product_product_name'), instanceType: name('product/instanceType', 'product_instance_type'),
    sku: name('product/sku', 'product_sku'), resource: name('lineItem/ResourceId', 'line_item_resource_id'), payer: name('bill/PayerAccountId', 'bill_payer_account_id'),
    account: name('lineItem/UsageAccountId', 'line_item_usage_account_id'), region: name('product/region', 'product_region'),
    quantity: name('lineItem/UsageAmount', 'line_item_usage_amount'), unit: name('pricing/unit', 'pricing_unit'), term: name('pricing/term', 'pricing_term'),
    riEffective: name('reservation/EffectiveCost', 'reservation_effective_cost'), spEffective: name('savingsPlan/SavingsPlanEffectiveCost', 'savings_plan_savings_plan_effective_cost'),
    riUnusedFee: name('reservation/UnusedRecurringFee', 'reservation_unused_recurring_fee'), riUnusedUpfront: name('reservation/UnusedAmortizedUpfrontFeeForBillingPeriod', 'reservation_unused_amortized_upfront_fee_for_billing_period'),
    usageType: name('lineItem/UsageType', 'line_item_usage_type'), description: name('lineItem/LineItemDescription', 'line_item_line_item_description'),
    invoice: name('bill/InvoiceId', 'bill_invoice_id'),
  };
  const g = Object.fromEntries(Object.entries(n).map(([k, names]) => [k, getter(h, ...names)])) as Record<keyof typeof n, Getter>;
  const tagPrefix = slash ? 'resourcetags/user:' : 'resource_tags_user_';
  const tagColumns = h.names.map((nm, i) => ({ nm, i })).filter(({ nm }) => nm.startsWith(tagPrefix)).map(({ nm, i }) => ({ key: stripBom(h.raw[i]!).trim().slice(tagPrefix.length), i }));
  for (const { i } of tagColumns) h.used.add(i);
  return {
    dialect,
    description,
    map(record, lineNo) {
      const ctx = new RowContext(h, record, lineNo);
      const line = emptyLine(lineNo);
      const dateRaw = g.start(record);
      line.chargePeriodStart = ctx.date(g.start, n.start) ?? '';
      line.billedCost = ctx.cost(g.unblended, n.unblended) ?? '0';
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      line.billingPeriodEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.currency = g.currency(record) ?? '';
      line.provider = 'AWS';
      line.service = g.service(record) ?? g.productName(record);
      line.sku = g.sku(record);
      line.resourceId = g.resource(record);
      line.billingAccountId = g.payer(record);
      line.subAccountId = g.account(record);
      line.region = g.region(record);
      const type = g.type(record);
      line.chargeCategory = type === null ? null : /tax/i.test(type) ? 'Tax' : /credit|refund/i.test(type) ? 'Credit' : /fee/i.test(type) ? 'Purchase' : 'Usage';
      line.pricingCategory = /reserved/i.test(g.term(record) ?? '') ? 'Committed' : g.term(record) ? 'Standard' : null;
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.usageUnit = g.unit(record);
      line.instanceType = g.instanceType(record) ?? recogniseGpuInstance(g.usageType(record), g.description(record));
      // Amortized cost per line item type (FORMATS.md): never added to billed.
      const zero = '0';
      const pick = (get: Getter, names: string[]) => ctx.optionalDecimal(get, names) ?? zero;
      switch (type) {
        case 'DiscountedUsage': line.effectiveCost = pick(g.riEffective, n.riEffective); break;
        case 'SavingsPlanCoveredUsage': line.effectiveCost = pick(g.spEffective, n.spEffective); break;
        case 'SavingsPlanNegation': case 'SavingsPlanUpfrontFee': case 'SavingsPlanRecurringFee':
          line.effectiveCost = zero; break;
        case 'RIFee': line.effectiveCost = canonicalDecimal(new Big(pick(g.riUnusedFee, n.riUnusedFee)).plus(pick(g.riUnusedUpfront, n.riUnusedUpfront))); break;
        case 'Fee': line.effectiveCost = /upfront/i.test(g.description(record) ?? '') ? zero : line.billedCost; break;
        default: line.effectiveCost = line.billedCost;
      }
      const tags: Record<string, string> = {};
      for (const { key, i } of tagColumns) {
        const v = record[i];
        if (v !== undefined && !isNullValue(v)) tags[key] = v;
      }
      line.tags = tags;
      if (g.invoice(record) === null) line.invoiceOpen = true;
      return finish(ctx, line, dateRaw);
    },
  };
}

function azureMapper(h: Header, description: string): RowMapper {
  const n = {
    cost: ['CostInBillingCurrency', 'Cost', 'PreTaxCost'], date: ['Date', 'UsageDateTime', 'UsageDate'], currency: ['BillingCurrencyCode', 'BillingCurrency', 'Currency'],
    service: ['MeterCategory'], meter: ['MeterName'], subCategory: ['MeterSubCategory'], additional: ['AdditionalInfo'], resource: ['ResourceId', 'InstanceId', 'InstanceName'],
    resourceName: ['ResourceName'], account: ['BillingAccountId', 'BillingProfileId'], sub: ['SubscriptionId', 'SubscriptionGuid'], region: ['ResourceLocation', 'MeterRegion'],
    bpStart: ['BillingPeriodStartDate'], bpEnd: ['BillingPeriodEndDate'], chargeType: ['ChargeType'], pricing: ['PricingModel'], quantity: ['Quantity', 'UsageQuantity'],
    unit: ['UnitOfMeasure'], tags: ['Tags'], product: ['ProductName', 'Product'], sku: ['ProductId', 'PartNumber', 'MeterId'], payg: ['PaygCostInBillingCurrency'],
  };
  const g = Object.fromEntries(Object.entries(n).map(([k, names]) => [k, getter(h, ...names)])) as Record<keyof typeof n, Getter>;
  return {
    dialect: 'azure',
    description,
    map(record, lineNo) {
      const ctx = new RowContext(h, record, lineNo);
      const line = emptyLine(lineNo);
      const dateRaw = g.date(record);
      line.chargePeriodStart = ctx.date(g.date, n.date) ?? '';
      line.billedCost = ctx.cost(g.cost, n.cost) ?? '0';
      if (line.chargePeriodStart) line.chargePeriodEnd = addDaysIso(line.chargePeriodStart, 1);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      const bpEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.billingPeriodEnd = bpEnd ? addDaysIso(bpEnd, 1) : null; // inclusive in Azure → exclusive
      line.currency = g.currency(record) ?? '';
      line.provider = 'Microsoft';
      line.service = g.service(record);
      line.sku = g.sku(record);
      line.resourceId = g.resource(record);
      line.resourceName = g.resourceName(record);
      line.billingAccountId = g.account(record);
      line.subAccountId = g.sub(record);
      line.region = g.region(record);
      const chargeType = g.chargeType(record);
      // Unused* rows exist only in amortized exports: kept as written so the import can tell actual from amortized.
      line.chargeCategory = chargeType === null ? 'Usage' : /refund/i.test(chargeType) ? 'Credit' : /^usage$/i.test(chargeType) ? 'Usage' : /^unused/i.test(chargeType) ? chargeType : /purchase|reservation/i.test(chargeType) ? 'Purchase' : chargeType;
      const pricing = g.pricing(record);
      line.pricingCategory = pricing === null ? null : /reservation|savingsplan/i.test(pricing) ? 'Committed' : /spot/i.test(pricing) ? 'Dynamic' : 'Standard';
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.usageUnit = g.unit(record);
      line.tags = ctx.tags(g.tags, n.tags);
      let serviceType: string | null = null;
      const additional = g.additional(record);
      if (additional) {
        try {
          const info = JSON.parse(additional.startsWith('{') ? additional : `{${additional}}`) as Record<string, unknown>;
          if (typeof info.ServiceType === 'string') serviceType = info.ServiceType;
        } catch {
          // AdditionalInfo is informative only
        }
      }
      line.instanceType = serviceType ?? recogniseGpuInstance(g.meter(record), g.subCategory(record), g.product(record));
      return finish(ctx, line, dateRaw);
    },
  };
}

function gcpMapper(h: Header, description: string): RowMapper {
  const n = {
    cost: ['cost'], credits: ['credits'], start: ['usage_start_time'], end: ['usage_end_time'], currency: ['currency'], service: ['service.description'],
    sku: ['sku.description'], resource: ['resource.name', 'resource.global_name'], account: ['billing_account_id'], project: ['project.id'], region: ['location.region', 'location.location'],
    quantity: ['usage.amount'], unit: ['usage.unit'], labels: ['labels'], invoiceMonth: ['invoice.month'], costType: ['cost_type'],
  };
  const g = Object.fromEntries(Object.entries(n).map(([k, names]) => [k, getter(h, ...names)])) as Record<keyof typeof n, Getter>;
  return {
    dialect: 'gcp',
    description,
    map(record, lineNo) {
      const ctx = new RowContext(h, record, lineNo);
      const line = emptyLine(lineNo);
      const dateRaw = g.start(record);
      line.chargePeriodStart = ctx.date(g.start, n.start) ?? '';
      const cost = ctx.cost(g.cost, n.cost);
      const credits = sumGcpCredits(g.credits(record));
      if (!credits.ok) ctx.fail(n.credits, g.credits(record), credits.expected);
      // Billed = cost + Σ credits[].amount (credits are negative).
      line.billedCost = cost !== null && credits.ok ? canonicalDecimal(new Big(cost).plus(credits.value)) : '0';
      if (!lineAmountInRange(line.billedCost)) {
        ctx.fail(n.credits, g.credits(record), LINE_AMOUNT_EXPECTED);
        line.billedCost = '0';
      }
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      const month = g.invoiceMonth(record);
      if (month && /^\d{6}$/.test(month)) {
        line.billingPeriodStart = `${month.slice(0, 4)}-${month.slice(4)}-01T00:00:00Z`;
        const next = new Date(Date.UTC(+month.slice(0, 4), +month.slice(4), 1));
        line.billingPeriodEnd = `${next.toISOString().slice(0, 19)}Z`;
      }
      line.currency = g.currency(record) ?? '';
      line.provider = 'Google Cloud';
      line.service = g.service(record);
      line.sku = g.sku(record);
      line.resourceId = g.resource(record);
      line.billingAccountId = g.account(record);
      line.subAccountId = g.project(record);
      line.region = g.region(record);
      const costType = g.costType(record);
      line.chargeCategory = costType === null ? 'Usage' : /tax/i.test(costType) ? 'Tax' : /adjustment/i.test(costType) ? 'Adjustment' : 'Usage';
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.usageUnit = g.unit(record);
      line.tags = ctx.tags(g.labels, n.labels);
      line.instanceType = recogniseGpuInstance(line.sku, line.resourceId);
      return finish(ctx, line, dateRaw);
    },
  };
}

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };

/** AWS Cost Explorer's pivot: a date per row, a column per service; un-pivoted, its sum rows and columns dropped. */
function costExplorerMapper(h: Header, description: string): RowMapper {
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

/** The columns a mapping names that `header` lacks (none: the mapping reads the file). */
export function missingMappingColumns(header: readonly string[], mapping: ColumnMapping): string[] {
  const names = new Set(header.map(normalizeHeaderName));
  return [mapping.dateColumn, mapping.costColumn, mapping.currencyColumn, mapping.providerColumn, mapping.serviceColumn, mapping.resourceColumn, mapping.accountColumn, mapping.skuColumn, ...mapping.tagColumns]
    .filter((c): c is string => c !== undefined)
    .filter((c) => !names.has(normalizeHeaderName(c)));
}

function genericMapper(h: Header, mapping: ColumnMapping): RowMapper {
  const missing = missingMappingColumns(h.raw, mapping);
  if (missing.length > 0) throw new MappingError(`The file has no column ${missing.map((c) => `"${c}"`).join(', ')} named in the mapping.`, missing[0]!);
  const col = (c: string | undefined) => (c === undefined ? () => null : getter(h, normalizeHeaderName(c)));
  const g = {
    date: col(mapping.dateColumn), cost: col(mapping.costColumn), currency: col(mapping.currencyColumn), provider: col(mapping.providerColumn),
    service: col(mapping.serviceColumn), resource: col(mapping.resourceColumn), account: col(mapping.accountColumn), sku: col(mapping.skuColumn),
  };
  const tagGetters = mapping.tagColumns.map((c) => ({ key: c, get: col(c) }));
  const decimalOptions: DecimalOptions = { decimalSeparator: mapping.decimalSeparator, sign: mapping.sign };
  return {
    dialect: 'generic',
    description: `generic CSV through the mapping${mapping.name ? ` "${mapping.name}"` : ''}`,
    map(record, lineNo) {
      const ctx = new RowContext(h, record, lineNo);
      const line = emptyLine(lineNo);
      const dateRaw = g.date(record);
      line.chargePeriodStart = ctx.date(g.date, [normalizeHeaderName(mapping.dateColumn)], mapping.dateFormat as DateFormat) ?? '';
      line.billedCost = ctx.cost(g.cost, [normalizeHeaderName(mapping.costColumn)], decimalOptions) ?? '0';
      line.currency = (mapping.currencyColumn ? g.currency(record) : mapping.currency) ?? mapping.currency ?? '';
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

export class MappingError extends Error {
  constructor(message: string, readonly column: string) {
    super(message);
    this.name = 'MappingError';
  }
}

export type DialectChoice = BillingDialect | 'auto';

/**
 * The row mapper for a header: the dialect detected (or forced by `format`), or the generic mapping. Throws
 * MappingError when the header fits neither.
 */
export function createRowMapper(rawHeader: readonly string[], options: { format?: DialectChoice | undefined; mapping?: ColumnMapping | undefined } = {}): RowMapper {
  const h = new Header(rawHeader);
  const format = options.format ?? 'auto';
  if (options.mapping && (format === 'auto' || format === 'generic')) {
    const generic = genericMapper(h, options.mapping);
    generic.usedColumns = [...h.used].sort((a, b) => a - b);
    return generic;
  }
  const detected = detectDialect(rawHeader);
  if (format === 'generic') throw new MappingError('The generic format needs a column mapping (--mapping FILE).', '');
  if (detected.dialect === null) throw new MappingError(`The header is not a known billing export (FOCUS, AWS CUR, Cost Explorer, Azure, GCP): ${detected.description}.`, stripBom(rawHeader[0] ?? '').trim());
  const fits = format === 'auto' || format === detected.dialect || (format === 'aws-cur' && detected.dialect === 'aws-athena');
  if (!fits) throw new MappingError(`The file looks like ${detected.description}, not ${format}.`, stripBom(rawHeader[0] ?? '').trim());
  const mapper = ((): RowMapper => {
    switch (detected.dialect) {
      case 'focus': return focusMapper(h, detected.description);
      case 'aws-cur': case 'aws-athena': return awsMapper(h, detected.dialect, detected.description);
      case 'azure': return azureMapper(h, detected.description);
      case 'gcp': return gcpMapper(h, detected.description);
      case 'aws-cost-explorer': return costExplorerMapper(h, detected.description);
      default: return genericMapper(h, options.mapping!);
    }
  })();
  if (detected.dialect !== 'aws-cost-explorer') mapper.usedColumns = [...h.used].sort((a, b) => a - b);
  return mapper;
}
