/**
 * Azure cost exports (EA, MCA, legacy pay-as-you-go; actual or amortized): recognised by `MeterCategory` with a cost
 * column. Daily rows; the billing period's end date is inclusive and made exclusive.
 */
import type { Header, RowMapper } from '../dialect-kit';
import { oneLinePerRow } from '../dialect-line-mapper';
import { recogniseGpuInstance } from '../gpu-instance';
import { addDaysIso } from '../billing-dates';

export function isAzureExport(h: Header): boolean {
  return h.has('metercategory') && h.has('cost', 'costinbillingcurrency', 'pretaxcost');
}

/** `Azure EA`, `Azure MCA` or `Azure legacy / pay-as-you-go`, by the header's cost and date columns. */
export function azureKind(h: Header): string {
  const kind = h.has('pretaxcost') ? 'legacy / pay-as-you-go' : h.has('serviceperiodstartdate') ? 'MCA' : 'EA';
  return `Azure ${kind}`;
}

const AZURE_COLUMNS = {
  cost: ['CostInBillingCurrency', 'Cost', 'PreTaxCost'],
  date: ['Date', 'UsageDateTime', 'UsageDate'],
  currency: ['BillingCurrencyCode', 'BillingCurrency', 'Currency'],
  service: ['MeterCategory'],
  meter: ['MeterName'],
  subCategory: ['MeterSubCategory'],
  additional: ['AdditionalInfo'],
  resourceId: ['ResourceId', 'InstanceId', 'InstanceName'],
  resourceName: ['ResourceName'],
  billingAccountId: ['BillingAccountId', 'BillingProfileId'],
  subAccountId: ['SubscriptionId', 'SubscriptionGuid'],
  region: ['ResourceLocation', 'MeterRegion'],
  bpStart: ['BillingPeriodStartDate'],
  bpEnd: ['BillingPeriodEndDate'],
  chargeType: ['ChargeType'],
  pricing: ['PricingModel'],
  quantity: ['Quantity', 'UsageQuantity'],
  usageUnit: ['UnitOfMeasure'],
  tags: ['Tags'],
  product: ['ProductName', 'Product'],
  sku: ['ProductId', 'PartNumber', 'MeterId'],
  payg: ['PaygCostInBillingCurrency'],
};

/** FOCUS's charge category of an Azure charge type; Unused* rows (amortized exports only) kept as written. */
function chargeCategoryOf(chargeType: string | null): string {
  if (chargeType === null || /^usage$/i.test(chargeType)) return 'Usage';
  if (/refund/i.test(chargeType)) return 'Credit';
  if (/^unused/i.test(chargeType)) return chargeType;
  return /purchase|reservation/i.test(chargeType) ? 'Purchase' : chargeType;
}

function pricingCategoryOf(pricing: string | null): string | null {
  if (pricing === null) return null;
  if (/reservation|savingsplan/i.test(pricing)) return 'Committed';
  return /spot/i.test(pricing) ? 'Dynamic' : 'Standard';
}

/** The `ServiceType` (VM size) of an AdditionalInfo JSON, braced or not; null when it has none or is unreadable. */
function serviceTypeOf(additional: string | null): string | null {
  if (!additional) return null;
  try {
    const info = JSON.parse(additional.startsWith('{') ? additional : `{${additional}}`) as Record<string, unknown>;
    return typeof info.ServiceType === 'string' ? info.ServiceType : null;
  } catch {
    return null; // AdditionalInfo is informative only
  }
}

export function azureMapper(h: Header, description: string): RowMapper {
  return oneLinePerRow(
    h,
    { dialect: 'azure', description, columns: AZURE_COLUMNS, start: 'date' },
    ({ ctx, line, record, get: g, names: n }) => {
      line.billedCost = ctx.cost(g.cost, n.cost) ?? '0';
      if (line.chargePeriodStart) line.chargePeriodEnd = addDaysIso(line.chargePeriodStart, 1);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      const bpEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.billingPeriodEnd = bpEnd ? addDaysIso(bpEnd, 1) : null; // inclusive in Azure → exclusive
      line.provider = 'Microsoft';
      // Unused* rows exist only in amortized exports: kept as written so the import can tell actual from amortized.
      line.chargeCategory = chargeCategoryOf(g.chargeType(record));
      line.pricingCategory = pricingCategoryOf(g.pricing(record));
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.tags = ctx.tags(g.tags, n.tags);
      line.instanceType =
        serviceTypeOf(g.additional(record)) ?? recogniseGpuInstance(g.meter(record), g.subCategory(record), g.product(record));
    },
  );
}
