/**
 * Oracle Cloud (OCI) cost reports: the `lineItem/…`, `product/…`, `usage/…`, `cost/…`, `tags/…` CSV that OCI writes
 * every six hours to its usage-report bucket (`reports/cost-csv/<n>-00001.csv.gz`).
 *
 * - Billed cost is `cost/myCost`, which already includes the overage (`cost/myCostOverage` is a part of it, never added).
 * - Times are `lineItem/intervalUsageStart` in UTC, written without seconds (`2024-05-01T13:00Z`).
 * - Corrections are new rows with `lineItem/isCorrection` set and `lineItem/backreferenceNo` naming the corrected
 *   line's `lineItem/referenceNo`; their amounts are signed adjustments (a reversal is the negated cost), so they are
 *   kept as lines of their own (charge category Adjustment) and the line they correct nets out in every total — also
 *   when the correction arrives in a later report file than the line it corrects.
 * - Tag columns are `tags/<namespace>.<key>` with arbitrary characters (spaces, parentheses, backslashes): read by their
 *   raw name, never through the header normalisation (which would read `tags/x (y)` as Azure's localized `y`).
 */
import type { Header, RowMapper } from '../dialect-kit';
import { oneLinePerRow, readTagColumns, tagColumnsByPrefix } from '../dialect-line-mapper';
import { recogniseGpuInstance } from '../gpu-instance';

export const OCI_COST_COLUMNS = ['cost/myCost', 'cost/currencyCode', 'lineItem/intervalUsageStart'] as const;

export function isOciCostReport(h: Header): boolean {
  return h.has('cost/mycost') && h.has('lineitem/intervalusagestart');
}

const TRUE = /^(true|t|yes|y|1)$/i;

const OCI_COLUMNS = {
  cost: ['cost/myCost'],
  currency: ['cost/currencyCode'],
  start: ['lineItem/intervalUsageStart'],
  end: ['lineItem/intervalUsageEnd'],
  service: ['product/service'],
  resourceId: ['product/resourceId'],
  billingAccountId: ['lineItem/tenantId'],
  subAccountId: ['product/compartmentName', 'product/compartmentId'],
  region: ['product/region'],
  sku: ['cost/productSku'],
  skuDescription: ['product/Description'],
  quantity: ['usage/billedQuantity'],
  usageUnit: ['cost/billingUnitReadable', 'cost/skuUnitDescription'],
  correction: ['lineItem/isCorrection'],
  backreference: ['lineItem/backreferenceNo'],
  subscription: ['cost/subscriptionId'],
  resourceName: ['product/resource'],
};

export function ociCostReportMapper(h: Header, description: string): RowMapper {
  const tagColumns = tagColumnsByPrefix(h, 'tags/', 'raw');
  return oneLinePerRow(
    h,
    { dialect: 'oci', description, columns: OCI_COLUMNS, start: 'start' },
    ({ ctx, line, record, get: g, names: n }) => {
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billedCost = ctx.cost(g.cost, n.cost) ?? '0';
      line.effectiveCost = line.billedCost;
      line.provider = 'Oracle Cloud Infrastructure';
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      const correction = g.correction(record);
      line.chargeCategory = correction !== null && TRUE.test(correction) ? 'Adjustment' : 'Usage';
      line.pricingCategory = 'Standard';
      line.tags = readTagColumns(record, tagColumns);
      line.instanceType = recogniseGpuInstance(g.skuDescription(record), line.resourceName);
    },
  );
}
