/**
 * AWS Cost and Usage Reports: the legacy CUR (`lineItem/UnblendedCost`, slash names), the Athena snake_case form
 * (`line_item_unblended_cost`) and CUR 2.0 Data Exports, whose `product` and `resource_tags` are map columns.
 */
import Big from 'big.js';
import { getter, type Getter, type Header, type RowMapper } from '../dialect-kit';
import { oneLinePerRow, readTagColumns, tagColumnsByPrefix } from '../dialect-line-mapper';
import { recogniseGpuInstance } from '../gpu-instance';
import { parseTags } from '../billing-tags';
import { canonicalDecimal, isNullValue } from '../values';
import { awsServiceName } from '../service-names';

/** The columns of a CUR, under its slash (legacy) or snake_case (Athena, CUR 2.0) names. */
function curColumns(slash: boolean) {
  const name = (s: string, a: string) => [slash ? s : a];
  return {
    unblended: name('lineItem/UnblendedCost', 'line_item_unblended_cost'),
    type: name('lineItem/LineItemType', 'line_item_line_item_type'),
    start: name('lineItem/UsageStartDate', 'line_item_usage_start_date'),
    end: name('lineItem/UsageEndDate', 'line_item_usage_end_date'),
    bpStart: name('bill/BillingPeriodStartDate', 'bill_billing_period_start_date'),
    bpEnd: name('bill/BillingPeriodEndDate', 'bill_billing_period_end_date'),
    currency: name('lineItem/CurrencyCode', 'line_item_currency_code'),
    productCode: name('lineItem/ProductCode', 'line_item_product_code'),
    productName: name('product/ProductName', 'product_product_name'),
    instanceType: name('product/instanceType', 'product_instance_type'),
    sku: name('product/sku', 'product_sku'),
    resourceId: name('lineItem/ResourceId', 'line_item_resource_id'),
    billingAccountId: name('bill/PayerAccountId', 'bill_payer_account_id'),
    subAccountId: name('lineItem/UsageAccountId', 'line_item_usage_account_id'),
    productRegion: slash ? ['product/region'] : ['product_region', 'product_region_code'],
    quantity: name('lineItem/UsageAmount', 'line_item_usage_amount'),
    usageUnit: name('pricing/unit', 'pricing_unit'),
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
}

const NO_MAP: Readonly<Record<string, string>> = Object.freeze({});

/** A map column (CUR 2.0 `product`, `resource_tags`) as JSON text → its entries; unreadable or empty → none. */
function readMap(raw: string | null): Readonly<Record<string, string>> {
  if (raw === null || !raw.startsWith('{')) return NO_MAP;
  const parsed = parseTags(raw);
  return parsed.ok ? parsed.value : NO_MAP;
}

/** FOCUS's charge category of a CUR line item type. */
function chargeCategoryOf(type: string | null): string | null {
  if (type === null) return null;
  if (/tax/i.test(type)) return 'Tax';
  if (/credit|refund/i.test(type)) return 'Credit';
  return /fee/i.test(type) ? 'Purchase' : 'Usage';
}

/** AWS CUR, legacy slash names or Athena snake_case: the same columns under two spellings. */
export function awsCurMapper(h: Header, dialect: 'aws-cur' | 'aws-athena', description: string): RowMapper {
  const slash = dialect === 'aws-cur';
  const tagPrefix = slash ? 'resourcetags/user:' : 'resource_tags_user_';
  const tagColumns = tagColumnsByPrefix(h, tagPrefix, 'name');
  // CUR 2.0 (Data Exports): `product` and `resource_tags` are map columns (JSON text in CSV, maps in Parquet).
  const productMap = slash ? () => null : getter(h, 'product');
  const tagMap = slash ? () => null : getter(h, 'resource_tags');
  return oneLinePerRow(
    h,
    { dialect, description, columns: curColumns(slash), start: 'start', slice: { provider: 'AWS' } },
    ({ ctx, line, record, get: g, names: n }) => {
      line.billedCost = ctx.cost(g.unblended, n.unblended) ?? '0';
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      line.billingPeriodEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.provider = 'AWS';
      const product = readMap(productMap(record));
      // The product name FOCUS uses too (`Amazon Elastic Compute Cloud`), not the code (`AmazonEC2`): one rule catches both.
      line.service = awsServiceName(g.productName(record) ?? product.product_name, g.productCode(record) ?? product.product_code);
      line.region = g.productRegion(record) ?? product.region ?? null;
      const type = g.type(record);
      line.chargeCategory = chargeCategoryOf(type);
      line.pricingCategory = /reserved/i.test(g.term(record) ?? '') ? 'Committed' : g.term(record) ? 'Standard' : null;
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
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
      const tags = readTagColumns(record, tagColumns);
      for (const [key, v] of Object.entries(readMap(tagMap(record)))) if (!isNullValue(v)) tags[key.replace(/^user[_:]/, '')] = v;
      line.tags = tags;
      if (g.invoice(record) === null) line.invoiceOpen = true;
    },
  );
}
