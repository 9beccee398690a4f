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
import { beginLine, finish, gettersFor, type Header, type RowMapper } from '../dialect-kit';
import { recogniseGpuInstance } from '../gpu-instance';
import { isNullValue, stripBom } from '../values';

export const OCI_COST_COLUMNS = ['cost/myCost', 'cost/currencyCode', 'lineItem/intervalUsageStart'] as const;

export function isOciCostReport(h: Header): boolean {
  return h.has('cost/mycost') && h.has('lineitem/intervalusagestart');
}

const TRUE = /^(true|t|yes|y|1)$/i;

export function ociCostReportMapper(h: Header, description: string): RowMapper {
  const n = {
    cost: ['cost/myCost'],
    currency: ['cost/currencyCode'],
    start: ['lineItem/intervalUsageStart'],
    end: ['lineItem/intervalUsageEnd'],
    service: ['product/service'],
    resource: ['product/resourceId'],
    tenant: ['lineItem/tenantId'],
    compartment: ['product/compartmentName', 'product/compartmentId'],
    region: ['product/region'],
    sku: ['cost/productSku'],
    skuDescription: ['product/Description'],
    quantity: ['usage/billedQuantity'],
    unit: ['cost/billingUnitReadable', 'cost/skuUnitDescription'],
    correction: ['lineItem/isCorrection'],
    backreference: ['lineItem/backreferenceNo'],
    subscription: ['cost/subscriptionId'],
    resourceName: ['product/resource'],
  };
  const g = gettersFor(h, n);
  const tagColumns = h.raw
    .map((raw, i) => ({ raw: stripBom(raw).trim(), i }))
    .filter(({ raw }) => raw.toLowerCase().startsWith('tags/'))
    .map(({ raw, i }) => ({ key: raw.slice('tags/'.length), i }));
  for (const { i } of tagColumns) h.used.add(i);
  return {
    dialect: 'oci',
    description,
    map(record, lineNo) {
      const { ctx, line, dateRaw } = beginLine(h, record, lineNo, { get: g.start, names: n.start });
      line.chargePeriodEnd = ctx.optionalDate(g.end, n.end);
      line.billedCost = ctx.cost(g.cost, n.cost) ?? '0';
      line.effectiveCost = line.billedCost;
      line.currency = g.currency(record) ?? '';
      line.provider = 'Oracle Cloud Infrastructure';
      line.service = g.service(record);
      line.sku = g.sku(record);
      line.resourceId = g.resource(record);
      line.resourceName = g.resourceName(record);
      line.billingAccountId = g.tenant(record);
      line.subAccountId = g.compartment(record);
      line.region = g.region(record);
      line.usageQuantity = ctx.optionalDecimal(g.quantity, n.quantity);
      line.usageUnit = g.unit(record);
      const correction = g.correction(record);
      line.chargeCategory = correction !== null && TRUE.test(correction) ? 'Adjustment' : 'Usage';
      line.pricingCategory = 'Standard';
      const tags: Record<string, string> = {};
      for (const { key, i } of tagColumns) {
        const v = record[i];
        if (v !== undefined && !isNullValue(v)) tags[key] = v;
      }
      line.tags = tags;
      line.instanceType = recogniseGpuInstance(g.skuDescription(record), line.resourceName);
      return finish(ctx, line, dateRaw);
    },
  };
}
