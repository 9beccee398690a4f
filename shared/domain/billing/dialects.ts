/**
 * Billing dialects: recognised from the header (names, never positions) and mapped row by row onto the canonical
 * SpendLine, one module per dialect in dialects/. See ../shared/billing-samples/FORMATS.md for the rules each mapping
 * follows.
 */
import type { ColumnMapping } from './column-mapping';
import { Header, MappingError, type RowMapper } from './dialect-kit';
import { awsCurMapper } from './dialects/aws-cur';
import { costExplorerMapper, isCostExplorerPivot } from './dialects/aws-cost-explorer';
import { azureKind, azureMapper, isAzureExport } from './dialects/azure';
import { focusMapper, focusVersion, isFocusExport } from './dialects/focus';
import { gcpBigQueryMapper, gcpLegacyMapper, isGcpBigQueryExport, isGcpLegacyFileExport } from './dialects/gcp';
import { genericMapper } from './dialects/generic';
import { isOciCostReport, ociCostReportMapper } from './dialects/oci';
import type { BillingDialect } from './spend-line';
import { stripBom } from './values';

export { MappingError, normalizeHeaderName, type RowError, type RowMapper, type RowOutcome } from './dialect-kit';
export { missingMappingColumns } from './dialects/generic';

export interface DetectedDialect {
  dialect: BillingDialect | null;
  description: string;
}

/** Recognises the dialect from the header alone. `null` → only a named column mapping (generic) can read it. */
export function detectDialect(rawHeader: readonly string[]): DetectedDialect {
  const h = new Header(rawHeader);
  if (isFocusExport(h)) return { dialect: 'focus', description: focusVersion(h) };
  if (h.has('lineitem/unblendedcost')) return { dialect: 'aws-cur', description: 'AWS CUR (legacy, slash names)' };
  if (h.has('line_item_unblended_cost'))
    return {
      dialect: 'aws-athena',
      description: h.has('bill_payer_account_name') ? 'AWS CUR 2.0 (snake_case)' : 'AWS CUR (Athena snake_case)',
    };
  if (isAzureExport(h)) return { dialect: 'azure', description: azureKind(h) };
  if (isOciCostReport(h)) return { dialect: 'oci', description: 'OCI cost report' };
  if ((h.has('service.description') && h.has('cost')) || isGcpBigQueryExport(h))
    return { dialect: 'gcp', description: 'GCP BigQuery billing export (CSV)' };
  if (isGcpLegacyFileExport(h)) return { dialect: 'gcp', description: 'GCP legacy billing file export' };
  if (isCostExplorerPivot(h)) return { dialect: 'aws-cost-explorer', description: 'AWS Cost Explorer (pivot)' };
  return { dialect: null, description: 'not a known billing dialect: choose a column mapping' };
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

/** The mapper of the dialect detected (generic: the named mapping). */
function dialectMapper(h: Header, detected: DetectedDialect & { dialect: BillingDialect }, mapping: ColumnMapping | undefined): RowMapper {
  switch (detected.dialect) {
    case 'focus':
      return focusMapper(h, detected.description);
    case 'aws-cur':
    case 'aws-athena':
      return awsCurMapper(h, detected.dialect, detected.description);
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
      return genericMapper(h, mapping!);
  }
}

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
  const mapper = dialectMapper(h, { dialect: detected.dialect, description: detected.description }, options.mapping);
  if (detected.dialect !== 'aws-cost-explorer') mapper.usedColumns = [...h.used].sort((a, b) => a - b);
  return mapper;
}
