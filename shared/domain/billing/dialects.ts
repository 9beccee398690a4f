/**
 * Billing dialects: recognised from the header (names, never positions) and mapped row by row onto the canonical
 * SpendLine. See ../shared/billing-samples/FORMATS.md for the rules each mapping follows.
 */
import Big from 'big.js';
import type { ColumnMapping } from './column-mapping';
import { readSkuPriceDetails, recogniseGpuInstance } from './gpu-instance';
import type { BillingDialect, SpendLine } from './spend-line';
import {
  addDaysIso,
  canonicalDecimal,
  isNullValue,
  LINE_AMOUNT_EXPECTED,
  lineAmountInRange,
  parseBillingDate,
  parseDecimal,
  parseTags,
  stripBom,
  type DateFormat,
  type DecimalOptions,
} from './values';
import {
  beginLine,
  emptyLine,
  finish,
  getter,
  gettersFor,
  Header,
  normalizeHeaderName,
  RowContext,
  TOTAL_LABEL,
  type Getter,
  type RowMapper,
} from './dialect-kit';

import { gcpBigQueryMapper, gcpLegacyMapper, isGcpBigQueryExport, isGcpLegacyFileExport } from './dialects/gcp';
import { isOciCostReport, ociCostReportMapper } from './dialects/oci';

export { normalizeHeaderName, type RowError, type RowMapper, type RowOutcome } from './dialect-kit';

export interface DetectedDialect {
  dialect: BillingDialect | null;
  description: string;
}

/** Recognises the dialect from the header alone. `null` → only a named column mapping (generic) can read it. */
export function detectDialect(rawHeader: readonly string[]): DetectedDialect {
  const h = new Header(rawHeader);
  if (h.has('billedcost') && h.has('chargeperiodstart')) {
    const version = h.has('serviceprovidername', 'contractapplied')
      ? '1.3'
      : h.has('pricingcurrency')
        ? '1.2'
        : h.has('skupricedetails')
          ? '1.1'
          : '1.0';
    return { dialect: 'focus', description: `FOCUS ${version}` };
  }
  if (h.has('lineitem/unblendedcost')) return { dialect: 'aws-cur', description: 'AWS CUR (legacy, slash names)' };
  if (h.has('line_item_unblended_cost'))
    return {
      dialect: 'aws-athena',
      description: h.has('bill_payer_account_name') ? 'AWS CUR 2.0 (snake_case)' : 'AWS CUR (Athena snake_case)',
    };
  if (h.has('metercategory') && h.has('cost', 'costinbillingcurrency', 'pretaxcost')) {
    const kind = h.has('pretaxcost') ? 'legacy / pay-as-you-go' : h.has('serviceperiodstartdate') ? 'MCA' : 'EA';
    return { dialect: 'azure', description: `Azure ${kind}` };
  }
  if (isOciCostReport(h)) return { dialect: 'oci', description: 'OCI cost report' };
  if ((h.has('service.description') && h.has('cost')) || isGcpBigQueryExport(h))
    return { dialect: 'gcp', description: 'GCP BigQuery billing export (CSV)' };
  if (isGcpLegacyFileExport(h)) return { dialect: 'gcp', description: 'GCP legacy billing file export' };
  if (h.names[0] === 'service' && h.names.slice(1).some((n) => /\([^)]*\)$/.test(n)))
    return { dialect: 'aws-cost-explorer', description: 'AWS Cost Explorer (pivot)' };
  return { dialect: null, description: 'not a known billing dialect: choose a column mapping' };
}

// ------------------------------------------------------------------------------------------------------------ dialects

function focusMapper(h: Header, description: string): RowMapper {
  const n = {
    billed: ['BilledCost'],
    effective: ['EffectiveCost'],
    start: ['ChargePeriodStart'],
    end: ['ChargePeriodEnd'],
    bpStart: ['BillingPeriodStart'],
    bpEnd: ['BillingPeriodEnd'],
    currency: ['BillingCurrency'],
    provider: ['ServiceProviderName', 'ProviderName', 'Provider'],
    service: ['ServiceName'],
    sku: ['SkuId'],
    resourceId: ['ResourceId'],
    resourceName: ['ResourceName'],
    account: ['BillingAccountId'],
    sub: ['SubAccountId'],
    region: ['RegionId', 'RegionName', 'Region'],
    category: ['ChargeCategory'],
    pricing: ['PricingCategory'],
    quantity: ['ConsumedQuantity', 'UsageQuantity'],
    unit: ['ConsumedUnit', 'UsageUnit'],
    tags: ['Tags'],
    details: ['SkuPriceDetails'],
    resourceType: ['ResourceType'],
    description: ['ChargeDescription'],
  };
  const g = gettersFor(h, n);
  return {
    dialect: 'focus',
    description,
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, { get: g.start, names: n.start });
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
    unblended: name('lineItem/UnblendedCost', 'line_item_unblended_cost'),
    type: name('lineItem/LineItemType', 'line_item_line_item_type'),
    start: name('lineItem/UsageStartDate', 'line_item_usage_start_date'),
    end: name('lineItem/UsageEndDate', 'line_item_usage_end_date'),
    bpStart: name('bill/BillingPeriodStartDate', 'bill_billing_period_start_date'),
    bpEnd: name('bill/BillingPeriodEndDate', 'bill_billing_period_end_date'),
    currency: name('lineItem/CurrencyCode', 'line_item_currency_code'),
    service: name('lineItem/ProductCode', 'line_item_product_code'),
    productName: name('product/ProductName', 'product_product_name'),
    instanceType: name('product/instanceType', 'product_instance_type'),
    sku: name('product/sku', 'product_sku'),
    resource: name('lineItem/ResourceId', 'line_item_resource_id'),
    payer: name('bill/PayerAccountId', 'bill_payer_account_id'),
    account: name('lineItem/UsageAccountId', 'line_item_usage_account_id'),
    region: slash ? ['product/region'] : ['product_region', 'product_region_code'],
    quantity: name('lineItem/UsageAmount', 'line_item_usage_amount'),
    unit: name('pricing/unit', 'pricing_unit'),
    term: name('pricing/term', 'pricing_term'),
    riEffective: name('reservation/EffectiveCost', 'reservation_effective_cost'),
    spEffective: name('savingsPlan/SavingsPlanEffectiveCost', 'savings_plan_savings_plan_effective_cost'),
    riUnusedFee: name('reservation/UnusedRecurringFee', 'reservation_unused_recurring_fee'),
    riUnusedUpfront: name(
      'reservation/UnusedAmortizedUpfrontFeeForBillingPeriod',
      'reservation_unused_amortized_upfront_fee_for_billing_period',
    ),
    usageType: name('lineItem/UsageType', 'line_item_usage_type'),
    description: name('lineItem/LineItemDescription', 'line_item_line_item_description'),
    invoice: name('bill/InvoiceId', 'bill_invoice_id'),
  };
  const g = gettersFor(h, n);
  const tagPrefix = slash ? 'resourcetags/user:' : 'resource_tags_user_';
  const tagColumns = h.names
    .map((nm, i) => ({ nm, i }))
    .filter(({ nm }) => nm.startsWith(tagPrefix))
    .map(({ nm, i }) => ({ key: stripBom(h.raw[i]!).trim().slice(tagPrefix.length), i }));
  for (const { i } of tagColumns) h.used.add(i);
  // CUR 2.0 (Data Exports): `product` and `resource_tags` are map columns (JSON text in CSV, maps in Parquet).
  const productMap = slash ? () => null : getter(h, 'product');
  const tagMap = slash ? () => null : getter(h, 'resource_tags');
  return {
    dialect,
    description,
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, { get: g.start, names: n.start });
      line.billedCost = ctx.cost(g.unblended, n.unblended) ?? '0';
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      line.billingPeriodEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.currency = g.currency(record) ?? '';
      line.provider = 'AWS';
      const product = readMap(productMap(record));
      line.service = g.service(record) ?? g.productName(record) ?? product.product_name ?? null;
      line.sku = g.sku(record);
      line.resourceId = g.resource(record);
      line.billingAccountId = g.payer(record);
      line.subAccountId = g.account(record);
      line.region = g.region(record) ?? product.region ?? null;
      const type = g.type(record);
      line.chargeCategory =
        type === null
          ? null
          : /tax/i.test(type)
            ? 'Tax'
            : /credit|refund/i.test(type)
              ? 'Credit'
              : /fee/i.test(type)
                ? 'Purchase'
                : 'Usage';
      line.pricingCategory = /reserved/i.test(g.term(record) ?? '') ? 'Committed' : g.term(record) ? 'Standard' : null;
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.usageUnit = g.unit(record);
      line.instanceType = g.instanceType(record) ?? recogniseGpuInstance(g.usageType(record), g.description(record));
      // Amortized cost per line item type (FORMATS.md): never added to billed.
      const zero = '0';
      const pick = (get: Getter, names: string[]) => ctx.optionalDecimal(get, names) ?? zero;
      switch (type) {
        case 'DiscountedUsage':
          line.effectiveCost = pick(g.riEffective, n.riEffective);
          break;
        case 'SavingsPlanCoveredUsage':
          line.effectiveCost = pick(g.spEffective, n.spEffective);
          break;
        case 'SavingsPlanNegation':
        case 'SavingsPlanUpfrontFee':
        case 'SavingsPlanRecurringFee':
          line.effectiveCost = zero;
          break;
        case 'RIFee':
          line.effectiveCost = canonicalDecimal(
            new Big(pick(g.riUnusedFee, n.riUnusedFee)).plus(pick(g.riUnusedUpfront, n.riUnusedUpfront)),
          );
          break;
        case 'Fee':
          line.effectiveCost = /upfront/i.test(g.description(record) ?? '') ? zero : line.billedCost;
          break;
        default:
          line.effectiveCost = line.billedCost;
      }
      const tags: Record<string, string> = {};
      for (const { key, i } of tagColumns) {
        const v = record[i];
        if (v !== undefined && !isNullValue(v)) tags[key] = v;
      }
      for (const [key, v] of Object.entries(readMap(tagMap(record)))) if (!isNullValue(v)) tags[key.replace(/^user[_:]/, '')] = v;
      line.tags = tags;
      if (g.invoice(record) === null) line.invoiceOpen = true;
      return finish(ctx, line, dateRaw);
    },
  };
}

const NO_MAP: Readonly<Record<string, string>> = Object.freeze({});

/** A map column (CUR 2.0 `product`, `resource_tags`) as JSON text → its entries; unreadable or empty → none. */
function readMap(raw: string | null): Readonly<Record<string, string>> {
  if (raw === null || !raw.startsWith('{')) return NO_MAP;
  const parsed = parseTags(raw);
  return parsed.ok ? parsed.value : NO_MAP;
}

function azureMapper(h: Header, description: string): RowMapper {
  const n = {
    cost: ['CostInBillingCurrency', 'Cost', 'PreTaxCost'],
    date: ['Date', 'UsageDateTime', 'UsageDate'],
    currency: ['BillingCurrencyCode', 'BillingCurrency', 'Currency'],
    service: ['MeterCategory'],
    meter: ['MeterName'],
    subCategory: ['MeterSubCategory'],
    additional: ['AdditionalInfo'],
    resource: ['ResourceId', 'InstanceId', 'InstanceName'],
    resourceName: ['ResourceName'],
    account: ['BillingAccountId', 'BillingProfileId'],
    sub: ['SubscriptionId', 'SubscriptionGuid'],
    region: ['ResourceLocation', 'MeterRegion'],
    bpStart: ['BillingPeriodStartDate'],
    bpEnd: ['BillingPeriodEndDate'],
    chargeType: ['ChargeType'],
    pricing: ['PricingModel'],
    quantity: ['Quantity', 'UsageQuantity'],
    unit: ['UnitOfMeasure'],
    tags: ['Tags'],
    product: ['ProductName', 'Product'],
    sku: ['ProductId', 'PartNumber', 'MeterId'],
    payg: ['PaygCostInBillingCurrency'],
  };
  const g = gettersFor(h, n);
  return {
    dialect: 'azure',
    description,
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, { get: g.date, names: n.date });
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
      line.chargeCategory =
        chargeType === null
          ? 'Usage'
          : /refund/i.test(chargeType)
            ? 'Credit'
            : /^usage$/i.test(chargeType)
              ? 'Usage'
              : /^unused/i.test(chargeType)
                ? chargeType
                : /purchase|reservation/i.test(chargeType)
                  ? 'Purchase'
                  : chargeType;
      const pricing = g.pricing(record);
      line.pricingCategory =
        pricing === null ? null : /reservation|savingsplan/i.test(pricing) ? 'Committed' : /spot/i.test(pricing) ? 'Dynamic' : 'Standard';
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

function genericMapper(h: Header, mapping: ColumnMapping): RowMapper {
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
  constructor(
    message: string,
    readonly column: string,
  ) {
    super(message);
    this.name = 'MappingError';
  }
}

export type DialectChoice = BillingDialect | 'auto';

/**
 * Whether a file of this dialect states its whole billing period, so that a later file of the same account and period
 * replaces it (CUR, Azure, FOCUS month-to-date files), or only adds the usage since the previous file: OCI cost reports
 * (a numbered file every six hours) and GCP's legacy daily file export.
 */
export function restatesPeriod(dialect: BillingDialect, description: string): boolean {
  return dialect !== 'oci' && !(dialect === 'gcp' && /legacy/i.test(description));
}

/** The columns each dialect is recognised by, as the refusal of an unknown header lists them. */
export const DIALECT_SIGNATURES = [
  'FOCUS (BilledCost, ChargePeriodStart)',
  'AWS CUR (lineItem/UnblendedCost or line_item_unblended_cost)',
  'AWS Cost Explorer (Service, <service>($) columns)',
  'Azure (MeterCategory with CostInBillingCurrency, Cost or PreTaxCost)',
  'GCP BigQuery export (cost, usage_start_time, service or sku)',
  'GCP file export (Line Item, Start Time, Cost, Currency)',
  'OCI cost report (cost/myCost, lineItem/intervalUsageStart)',
].join('; ');

/**
 * The row mapper for a header: the dialect detected (or forced by `format`), or the generic mapping. Throws
 * MappingError when the header fits neither.
 */
export function createRowMapper(
  rawHeader: readonly string[],
  options: { format?: DialectChoice | undefined; mapping?: ColumnMapping | undefined } = {},
): RowMapper {
  const h = new Header(rawHeader);
  const format = options.format ?? 'auto';
  if (options.mapping && (format === 'auto' || format === 'generic')) {
    const generic = genericMapper(h, options.mapping);
    generic.usedColumns = [...h.used].sort((a, b) => a - b);
    return generic;
  }
  const detected = detectDialect(rawHeader);
  if (format === 'generic') throw new MappingError('The generic format needs a column mapping (--mapping FILE).', '');
  if (detected.dialect === null)
    throw new MappingError(`The header is not a known billing export: choose a column mapping. Looked for ${DIALECT_SIGNATURES}.`, '');
  const fits = format === 'auto' || format === detected.dialect || (format === 'aws-cur' && detected.dialect === 'aws-athena');
  if (!fits) throw new MappingError(`The file looks like ${detected.description}, not ${format}.`, stripBom(rawHeader[0] ?? '').trim());
  const mapper = ((): RowMapper => {
    switch (detected.dialect) {
      case 'focus':
        return focusMapper(h, detected.description);
      case 'aws-cur':
      case 'aws-athena':
        return awsMapper(h, detected.dialect, detected.description);
      case 'azure':
        return azureMapper(h, detected.description);
      case 'gcp':
        return detected.description.includes('legacy')
          ? gcpLegacyMapper(h, detected.description)
          : gcpBigQueryMapper(h, detected.description);
      case 'oci':
        return ociCostReportMapper(h, detected.description);
      case 'aws-cost-explorer':
        return costExplorerMapper(h, detected.description);
      default:
        return genericMapper(h, options.mapping!);
    }
  })();
  if (detected.dialect !== 'aws-cost-explorer') mapper.usedColumns = [...h.used].sort((a, b) => a - b);
  return mapper;
}
