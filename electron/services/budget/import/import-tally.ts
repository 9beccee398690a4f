/**
 * What an import learns from its lines as they stream by: exact totals per currency, the accounts, the billing
 * periods, whether the invoice is still open and whether the export is amortized; and from these, the key that
 * decides which earlier imports it replaces.
 */
import { CurrencyTotals } from '../../../../shared/domain/billing/decimal-sums';
import { NO_CURRENCY, type BillingDialect, type SpendLine } from '../../../../shared/domain/billing/spend-line';
import { ownCopy } from '../../../../shared/domain/billing/values';

/** Azure amortized exports' Unused* charge types. */
const UNUSED_COMMITMENT = /^unused(reservation|savingsplan)/i;

const day = (iso: string) => iso.slice(0, 10);

function monthBounds(iso: string): { start: string; end: string } {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  return { start: `${iso.slice(0, 7)}-01`, end: next };
}

export interface ImportKey {
  accountKey: string;
  periods: Array<{ start: string; end: string }>;
  periodStart: string | null;
  periodEnd: string | null;
  costBasis: 'actual' | 'amortized';
}

export class ImportTally {
  readonly totals = new CurrencyTotals();
  invoiceOpen = false;
  private amortized = false;
  private readonly accounts = new Set<string>();
  private readonly subAccounts = new Set<string>();
  private readonly periods = new Map<string, { start: string; end: string }>();
  private lastPeriodStart: string | null = null;
  private lastPeriodEnd: string | null = null;

  add(lines: readonly SpendLine[]): void {
    for (const line of lines) {
      this.totals.add(line.currency || NO_CURRENCY, line.billedCost);
      // Copies: a line's strings are slices of a large chunk of the file, which a kept slice would keep alive.
      if (line.billingAccountId && !this.accounts.has(line.billingAccountId)) this.accounts.add(ownCopy(line.billingAccountId));
      if (line.subAccountId && !this.subAccounts.has(line.subAccountId)) this.subAccounts.add(ownCopy(line.subAccountId));
      if (line.billingPeriodStart && line.billingPeriodEnd) {
        // Every line of a file tends to have the same billing period: worked out once per distinct pair.
        if (line.billingPeriodStart !== this.lastPeriodStart || line.billingPeriodEnd !== this.lastPeriodEnd) {
          this.lastPeriodStart = line.billingPeriodStart;
          this.lastPeriodEnd = line.billingPeriodEnd;
          const p = { start: day(this.lastPeriodStart), end: day(this.lastPeriodEnd) };
          this.periods.set(`${p.start}/${p.end}`, p);
        }
      } else {
        const p = monthBounds(line.chargePeriodStart);
        this.periods.set(`${p.start}/${p.end}`, p);
      }
      if (line.invoiceOpen) this.invoiceOpen = true;
      // Only an amortized Azure export has Unused* rows, or commitment-covered usage that costs something (the actual
      // export prices it at 0 and bills the commitment as a Purchase row).
      if (line.chargeCategory && UNUSED_COMMITMENT.test(line.chargeCategory)) this.amortized = true;
      if (line.chargeCategory === 'Usage' && line.pricingCategory === 'Committed' && line.billedCost !== '0') this.amortized = true;
    }
  }

  /** The accounts (billing accounts, else sub-accounts), periods and cost basis the import is kept under. */
  key(dialect: BillingDialect): ImportKey {
    const periods = [...this.periods.values()].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
    const accountIds = [...(this.accounts.size > 0 ? this.accounts : this.subAccounts)].sort();
    return {
      accountKey: accountIds.slice(0, 50).join(','),
      periods,
      periodStart: periods[0]?.start ?? null,
      periodEnd: periods.reduce<string | null>((max, p) => (max === null || p.end > max ? p.end : max), null),
      costBasis: dialect === 'azure' && this.amortized ? 'amortized' : 'actual',
    };
  }
}
