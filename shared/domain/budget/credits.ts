/**
 * Credits and free tiers as dated budget offsets (issue 18 item 13): an amount granted on a day that expires on a day,
 * for one provider or any. Spend on the credit's provider between those days is paid from the credit until it runs
 * out; what is left on the expiry day is lost. Spend events come in date order — the actual spend lines up to the
 * data's last day, then the plan's remaining weeks — and each takes from the credit that expires first. The result
 * is its own line beside the forecast: forecast after credits = forecast − credits applied. Pure: the service feeds it.
 */
import Big from 'big.js';
import { cents } from './money';

export interface BudgetCredit {
  id: number;
  projectId: string;
  /** Catalog provider id (aws, azure, lambda…), or null for spend on any provider. */
  providerId: string | null;
  name: string;
  /** Decimal string in `currency`. */
  amount: string;
  currency: string;
  grantedOn: string;
  /** Last day the credit can be used (inclusive). */
  expiresOn: string;
  source: string;
  notes: string | null;
}

export interface SpendEvent {
  date: string;
  providerId: string | null;
  /** Decimal string in the project's currency. */
  amount: string;
  kind: 'actual' | 'planned';
}

export type CreditStatus = 'not-started' | 'active' | 'used-up' | 'expired';

export interface CreditUse {
  creditId: number;
  name: string;
  providerId: string | null;
  amount: string;
  currency: string;
  grantedOn: string;
  expiresOn: string;
  source: string;
  usedActual: string;
  usedPlanned: string;
  remaining: string;
  /** What the expiry leaves unused (remaining after the expiry day, by the plan's end). */
  lostAtExpiry: string;
  status: CreditStatus;
  /** A credit in another currency than the project's is listed but not applied. */
  applied: boolean;
}

export interface CreditSummary {
  currency: string;
  credits: CreditUse[];
  appliedActual: string;
  appliedPlanned: string;
  applied: string;
  forecastBefore: string;
  forecastAfter: string;
  basis: string;
}

/** Words a billing file's provider column uses for each catalog provider. */
const PROVIDER_WORDS: Record<string, string[]> = {
  aws: ['aws', 'amazon'],
  azure: ['azure', 'microsoft'],
  gcp: ['google cloud', 'gcp', 'google'],
  'google-colab': ['colab'],
  lambda: ['lambda'],
  'hf-jobs': ['hugging face', 'huggingface'],
  runpod: ['runpod'],
  vastai: ['vast'],
};

/** The catalog provider of a billing line's provider name (`Microsoft`, `AWS`, `Google Cloud`…), else null. */
export function providerIdOfLine(lineProvider: string | null, providers: ReadonlyArray<{ id: string; name: string }>): string | null {
  const text = (lineProvider ?? '').toLowerCase().trim();
  if (!text) return null;
  if (text.includes('colab')) return 'google-colab';
  for (const [id, words] of Object.entries(PROVIDER_WORDS)) if (words.some((w) => text.includes(w))) return id;
  return providers.find((p) => text.includes(p.id.toLowerCase()) || text.includes(p.name.toLowerCase()))?.id ?? null;
}

/** Today's state: used up by actual spend, expired, not yet granted, or active (planned use does not count yet). */
function statusOf(credit: BudgetCredit, remainingAfterActual: Big, today: string): CreditStatus {
  if (remainingAfterActual.lte(0)) return 'used-up';
  if (credit.expiresOn < today) return 'expired';
  if (credit.grantedOn > today) return 'not-started';
  return 'active';
}

/** Applies the credits to the spend events (any order) and says what each credit covered. */
export function applyCredits(
  credits: readonly BudgetCredit[],
  events: readonly SpendEvent[],
  options: { currency: string; today: string; forecast: string; horizonEnd: string },
): CreditSummary {
  const state = credits.map((c) => ({
    credit: c,
    applies: c.currency === options.currency,
    remaining: new Big(c.amount),
    actual: new Big(0),
    planned: new Big(0),
  }));
  const usable = state
    .filter((s) => s.applies)
    .sort((a, b) => a.credit.expiresOn.localeCompare(b.credit.expiresOn) || a.credit.id - b.credit.id);
  const ordered = [...events].sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'actual' ? -1 : 1));
  for (const e of ordered) {
    let left = new Big(e.amount);
    if (left.lte(0)) continue;
    for (const s of usable) {
      if (left.lte(0)) break;
      const c = s.credit;
      if (s.remaining.lte(0) || e.date < c.grantedOn || e.date > c.expiresOn) continue;
      if (c.providerId !== null && c.providerId !== e.providerId) continue;
      const take = left.lt(s.remaining) ? left : s.remaining;
      s.remaining = s.remaining.minus(take);
      left = left.minus(take);
      if (e.kind === 'actual') s.actual = s.actual.plus(take);
      else s.planned = s.planned.plus(take);
    }
  }
  let appliedActual = new Big(0);
  let appliedPlanned = new Big(0);
  const uses: CreditUse[] = state.map((s) => {
    appliedActual = appliedActual.plus(s.actual);
    appliedPlanned = appliedPlanned.plus(s.planned);
    const c = s.credit;
    return {
      creditId: c.id,
      name: c.name,
      providerId: c.providerId,
      amount: c.amount,
      currency: c.currency,
      grantedOn: c.grantedOn,
      expiresOn: c.expiresOn,
      source: c.source,
      usedActual: cents(s.actual),
      usedPlanned: cents(s.planned),
      remaining: cents(s.remaining),
      lostAtExpiry: s.applies && c.expiresOn <= options.horizonEnd ? cents(s.remaining) : '0.00',
      status: statusOf(c, new Big(c.amount).minus(s.actual), options.today),
      applied: s.applies,
    };
  });
  const applied = appliedActual.plus(appliedPlanned);
  const skipped = state.filter((s) => !s.applies).map((s) => `${s.credit.name} (${s.credit.currency})`);
  return {
    currency: options.currency,
    credits: uses,
    appliedActual: cents(appliedActual),
    appliedPlanned: cents(appliedPlanned),
    applied: cents(applied),
    forecastBefore: cents(new Big(options.forecast)),
    forecastAfter: cents(new Big(options.forecast).minus(applied)),
    basis: `Credits pay the spend on their provider between their grant and expiry days, the soonest-expiring first: actual spend lines to the data's last day, then the plan's remaining weeks (each week's allocations on the Monday).${skipped.length ? ` Not applied (another currency than ${options.currency}): ${skipped.join(', ')}.` : ''}`,
  };
}

/** Credits the seeds name, with their terms, to add in one click. */
export const CREDIT_PRESETS: ReadonlyArray<{
  key: string;
  providerId: string;
  name: string;
  amount: string;
  days: number;
  source: string;
}> = [
  {
    key: 'azure-free-trial',
    providerId: 'azure',
    name: 'Azure free account credit',
    amount: '200',
    days: 30,
    source: 'seed 003 "Sign up for free account (includes $200 credit for 30 days)" (003_2de1fb48cfc1bd36.txt)',
  },
  {
    key: 'lambda-new-user',
    providerId: 'lambda',
    name: 'Lambda new-user credits (low end)',
    amount: '10',
    days: 30,
    source:
      'seed 002 "Free credits for new users ($10-50)" (002_3f23539365dcad45.txt); the seed gives no expiry: 30 days assumed, edit to the offer you got',
  },
];
