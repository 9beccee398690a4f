/**
 * Budget domain types: allocation rules (spend lines → tracks), budgets with thresholds, dated exchange rates.
 * Money is a decimal string always carried with its currency; never a float, never summed across currencies.
 */
import type { SpendLine } from '../billing/spend-line';

export const RULE_KINDS = ['tag', 'account', 'resource-pattern', 'service', 'sku'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  tag: 'Tag / label key = value',
  account: 'Account / subscription / project',
  'resource-pattern': 'Resource name or id (glob)',
  service: 'Service',
  sku: 'SKU / instance type',
};

/** Ordered: the first rule (lowest position) that matches a line takes it. Patterns are case-insensitive globs (`*`, `?`). */
export interface AllocationRule {
  id: number;
  projectId: string;
  position: number;
  kind: RuleKind;
  /** Tag key for `tag` rules; null otherwise. */
  key: string | null;
  pattern: string;
  trackId: string;
}

/** A stored spend line as the budget logic sees it. */
export type BudgetSpendLine = Pick<
  SpendLine,
  | 'chargePeriodStart'
  | 'billedCost'
  | 'currency'
  | 'provider'
  | 'service'
  | 'sku'
  | 'resourceId'
  | 'resourceName'
  | 'billingAccountId'
  | 'subAccountId'
  | 'instanceType'
  | 'usageQuantity'
  | 'usageUnit'
  | 'tags'
> & { id: number };

export const DEFAULT_THRESHOLDS = [50, 80, 100, 120] as const;

/** A budget: the project's total (trackId null, month null), a track's total, or either for one month (`YYYY-MM`). */
export interface Budget {
  id: number;
  projectId: string;
  trackId: string | null;
  month: string | null;
  amount: string;
  currency: string;
  /** Percentages of the amount that raise an alert when actual or forecast reaches them. */
  thresholds: number[];
}

/** Where a rate comes from: typed by the user, imported from a CSV, or bundled with the app (ECB reference rates). */
export type RateOrigin = 'user' | 'import' | 'bundled';

/** 1 `from` = `rate` `to`, valid from `asOf` until a later rate for the same pair. */
export interface ExchangeRate {
  id: number;
  from: string;
  to: string;
  rate: string;
  asOf: string;
  source: string;
  /** Absent: a user's rate. The user's and imported rates are looked up before the bundled ones. */
  origin?: RateOrigin;
}

/** Amounts per currency (decimal strings), kept apart. */
export type CurrencyTotals = Record<string, string>;
