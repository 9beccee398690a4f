/**
 * Allocation of spend lines to tracks by ordered rules: the first rule (by position) that matches a line takes it;
 * lines no rule catches stay in the unallocated bucket, which is always reported.
 */
import { globMatches } from './glob';
import { addTo } from './money';
import { tagValue } from './tag-value';
import type { AllocationRule, BudgetSpendLine, CurrencyTotals } from './types';

export function sortRules(rules: readonly AllocationRule[]): AllocationRule[] {
  return [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Whether one rule catches one line (ignoring order). */
export function ruleMatches(rule: Pick<AllocationRule, 'kind' | 'key' | 'pattern'>, line: Omit<BudgetSpendLine, 'id'>): boolean {
  switch (rule.kind) {
    case 'tag': {
      if (!rule.key) return false;
      const v = tagValue(line.tags, rule.key);
      return v !== undefined && (rule.pattern === '*' || globMatches(rule.pattern, v));
    }
    case 'account':
      return globMatches(rule.pattern, line.subAccountId) || globMatches(rule.pattern, line.billingAccountId);
    case 'resource-pattern':
      return globMatches(rule.pattern, line.resourceName) || globMatches(rule.pattern, line.resourceId);
    case 'service':
      return globMatches(rule.pattern, line.service);
    case 'sku':
      return globMatches(rule.pattern, line.sku) || globMatches(rule.pattern, line.instanceType);
  }
}

/** Human description of a rule: `tag team = vitaldb* → track-vitaldb`. */
export function describeRule(rule: Pick<AllocationRule, 'kind' | 'key' | 'pattern'>): string {
  switch (rule.kind) {
    case 'tag':
      return `tag ${rule.key ?? '?'} = ${rule.pattern}`;
    case 'account':
      return `account ${rule.pattern}`;
    case 'resource-pattern':
      return `resource ${rule.pattern}`;
    case 'service':
      return `service ${rule.pattern}`;
    case 'sku':
      return `SKU ${rule.pattern}`;
  }
}

export interface Allocation {
  /** line id → track id (absent = unallocated). */
  trackOf: Map<number, string>;
  /** line id → rule id that took it. */
  ruleOf: Map<number, number>;
}

export function allocate(lines: readonly BudgetSpendLine[], rules: readonly AllocationRule[]): Allocation {
  const ordered = sortRules(rules);
  const trackOf = new Map<number, string>();
  const ruleOf = new Map<number, number>();
  for (const line of lines) {
    for (const rule of ordered) {
      if (ruleMatches(rule, line)) {
        trackOf.set(line.id, rule.trackId);
        ruleOf.set(line.id, rule.id);
        break;
      }
    }
  }
  return { trackOf, ruleOf };
}

export interface RuleCatch {
  /** Lines this rule takes (it is the first that matches them). */
  count: number;
  totals: CurrencyTotals;
  /** Lines it matches but an earlier rule already took. */
  shadowed: number;
  /** A few of the lines it takes, for the preview. */
  sampleLineIds: number[];
}

export interface RulePreview {
  rules: Array<{ ruleId: number; trackId: string; description: string } & RuleCatch>;
  unallocated: RuleCatch;
  byTrack: Record<string, RuleCatch>;
  lineCount: number;
}

const emptyCatch = (): RuleCatch => ({ count: 0, totals: {}, shadowed: 0, sampleLineIds: [] });

/** What each rule catches, in order — the live preview of the rules editor (rules may be unsaved drafts). */
export function previewRules(lines: readonly BudgetSpendLine[], rules: readonly AllocationRule[], sampleSize = 5): RulePreview {
  const ordered = sortRules(rules);
  const per = ordered.map(() => emptyCatch());
  const unallocated = emptyCatch();
  const byTrack: Record<string, RuleCatch> = {};
  for (const line of lines) {
    let taken = -1;
    for (let i = 0; i < ordered.length; i++) {
      if (!ruleMatches(ordered[i]!, line)) continue;
      if (taken < 0) taken = i;
      else per[i]!.shadowed++;
    }
    const bucket = taken < 0 ? unallocated : per[taken]!;
    bucket.count++;
    addTo(bucket.totals, line.currency, line.billedCost);
    if (bucket.sampleLineIds.length < sampleSize) bucket.sampleLineIds.push(line.id);
    if (taken >= 0) {
      const trackId = ordered[taken]!.trackId;
      const t = (byTrack[trackId] ??= emptyCatch());
      t.count++;
      addTo(t.totals, line.currency, line.billedCost);
    }
  }
  return {
    rules: ordered.map((r, i) => ({ ruleId: r.id, trackId: r.trackId, description: describeRule(r), ...per[i]! })),
    unallocated,
    byTrack,
    lineCount: lines.length,
  };
}
