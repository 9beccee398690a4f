/**
 * The canonical spend line, modelled on FOCUS: every billing dialect (FOCUS, AWS CUR, Azure, GCP, generic CSV) is
 * mapped onto it. Amounts are exact decimal strings in the line's own currency — never floats, never summed across
 * currencies.
 */
export type Decimal = string;

/** The currency key of amounts whose file states no currency (totals per currency). */
export const NO_CURRENCY = '(none)';

export const BILLING_DIALECTS = ['focus', 'aws-cur', 'aws-athena', 'aws-cost-explorer', 'azure', 'gcp', 'oci', 'generic'] as const;
export type BillingDialect = (typeof BILLING_DIALECTS)[number];

export interface SpendLine {
  /** 1-based line (row) number in the source file, for error messages and traceability. */
  sourceLine: number;
  /** Start of the charge period (ISO timestamp, UTC). */
  chargePeriodStart: string;
  /** End of the charge period, exclusive (ISO timestamp, UTC), or null where the file gives none. */
  chargePeriodEnd: string | null;
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
  /** Invoiced, unamortized cost (FOCUS BilledCost), exact decimal, signed (credits and refunds negative). */
  billedCost: Decimal;
  /** Amortized cost where the file gives one (FOCUS EffectiveCost), else null. */
  effectiveCost: Decimal | null;
  /** ISO 4217 code as the file states it (or the file's own code such as `MC`); '' where the file has none. */
  currency: string;
  provider: string | null;
  service: string | null;
  sku: string | null;
  resourceId: string | null;
  resourceName: string | null;
  /** Billing account (payer) and sub-account (AWS account, Azure subscription, GCP project). */
  billingAccountId: string | null;
  subAccountId: string | null;
  region: string | null;
  /** FOCUS ChargeCategory: Usage, Purchase, Tax, Credit, Adjustment … */
  chargeCategory: string | null;
  /** FOCUS PricingCategory: Standard (on-demand), Committed, Dynamic (spot) … */
  pricingCategory: string | null;
  /** GPU instance type / VM size / SKU name where recognisable (e.g. p3.2xlarge, Standard_NC6s_v3). */
  instanceType: string | null;
  /** Usage quantity and its unit (e.g. hours) where the file gives them. */
  usageQuantity: Decimal | null;
  usageUnit: string | null;
  tags: Record<string, string>;
  /** GPUs per instance where the file states it (FOCUS SkuPriceDetails GpuCount). */
  gpuCount?: number | null;
  /** AWS CUR: the row has no bill/InvoiceId yet (month-to-date, still open). */
  invoiceOpen?: boolean;
}
