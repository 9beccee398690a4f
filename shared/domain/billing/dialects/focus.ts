/**
 * FOCUS (FinOps Open Cost and Usage Specification) 1.0 to 1.3: the canonical columns the spend line is modelled on,
 * recognised by `BilledCost` and `ChargePeriodStart`; the version by the columns each release added.
 */
import type { Header, RowMapper } from '../dialect-kit';
import { oneLinePerRow } from '../dialect-line-mapper';
import { readSkuPriceDetails, recogniseGpuInstance } from '../gpu-instance';

export function isFocusExport(h: Header): boolean {
  return h.has('billedcost') && h.has('chargeperiodstart');
}

/** `FOCUS 1.x`, by the newest columns the header has. */
export function focusVersion(h: Header): string {
  if (h.has('serviceprovidername', 'contractapplied')) return 'FOCUS 1.3';
  if (h.has('pricingcurrency')) return 'FOCUS 1.2';
  return h.has('skupricedetails') ? 'FOCUS 1.1' : 'FOCUS 1.0';
}

const FOCUS_COLUMNS = {
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
  billingAccountId: ['BillingAccountId'],
  subAccountId: ['SubAccountId'],
  region: ['RegionId', 'RegionName', 'Region'],
  chargeCategory: ['ChargeCategory'],
  pricingCategory: ['PricingCategory'],
  quantity: ['ConsumedQuantity', 'UsageQuantity'],
  usageUnit: ['ConsumedUnit', 'UsageUnit'],
  tags: ['Tags'],
  details: ['SkuPriceDetails'],
  resourceType: ['ResourceType'],
  description: ['ChargeDescription'],
};

export function focusMapper(h: Header, description: string): RowMapper {
  return oneLinePerRow(
    h,
    { dialect: 'focus', description, columns: FOCUS_COLUMNS, start: 'start', slice: {} },
    ({ ctx, line, record, get: g, names: n }) => {
      line.billedCost = ctx.cost(g.billed, n.billed) ?? '0';
      line.effectiveCost = ctx.optionalDecimal(g.effective, n.effective);
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billingPeriodStart = ctx.optionalDate(g.bpStart, n.bpStart);
      line.billingPeriodEnd = ctx.optionalDate(g.bpEnd, n.bpEnd);
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.tags = ctx.tags(g.tags, n.tags);
      const details = readSkuPriceDetails(g.details(record));
      line.instanceType = details.instanceType ?? recogniseGpuInstance(g.resourceType(record), g.description(record), line.sku);
      if (details.gpuCount !== null) line.gpuCount = details.gpuCount;
    },
  );
}
