/**
 * Budget planning use cases: budgets and thresholds, ordered allocation rules (with their live preview), dated
 * exchange rates, and the overview (budget, actual, forecast, variance, burn-up, track × month, alerts). Alerts newly
 * crossed are also sent as native notifications. The billing import use cases are in budget.service.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Big from 'big.js';
import { addDays } from 'date-fns';
import { NO_CURRENCY } from '../../../shared/domain/billing/spend-line';
import { nanosToDecimal } from '../../../shared/domain/billing/decimal-sums';
import { formatDay, parseDay } from '../../../shared/domain/plan/weeks';
import { allocate, previewRules as previewRulesPure, type RulePreview } from '../../../shared/domain/budget/allocation';
import { globToRegExp } from '../../../shared/domain/budget/glob';
import { computeOverview } from '../../../shared/domain/budget/overview';
import { compareDataCosts } from '../../../shared/domain/budget/data-cost-lines';
import type { AllocationRule, Budget, BudgetSpendLine, ExchangeRate, RuleKind } from '../../../shared/domain/budget/types';
import { UserError } from '../../../shared/domain/errors';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import * as q from '../../db/queries/budget-planning';
import { selectDefaultProjectId, selectPlan } from '../../db/queries/plan';
import type { PlanService } from '../plan/plan.service';
import type { ServiceDeps } from '../service-deps';

export interface RuleDraft {
  id?: number | undefined;
  projectId: string;
  kind: RuleKind;
  key: string | null;
  pattern: string;
  trackId: string;
  position?: number | undefined;
}

/** A budget to save: a new one (no id) or an edit of one. */
export type BudgetDraft = Omit<Budget, 'id'> & { id?: number | undefined };

const ALERTS_FILE = 'budget-alerts-notified.json';

/** The plan the overview compares the spend with. */
export interface BudgetPlanningDeps {
  plan: Pick<PlanService, 'getPlan'>;
}

export function createBudgetPlanningService(deps: ServiceDeps, { plan: planService }: BudgetPlanningDeps) {
  const { db } = deps;

  function project(projectId?: string) {
    const id = projectId ?? selectDefaultProjectId(db);
    const loaded = id ? selectPlan(db, id) : undefined;
    if (!loaded)
      throw new UserError('NOT_FOUND', projectId ? `No project "${projectId}".` : 'There is no project yet.', {
        field: 'projectId',
        ...(projectId ? { value: projectId } : {}),
      });
    return loaded.plan;
  }

  function checkTrack(projectId: string, trackId: string): void {
    const plan = project(projectId);
    if (!plan.tracks.some((t) => t.id === trackId)) {
      throw new UserError('INVALID_TRACK', `Track "${trackId}" is not a track of ${plan.project.name}.`, {
        field: 'trackId',
        value: trackId,
        expected: plan.tracks.map((t) => t.id).join(', '),
      });
    }
  }

  /**
   * Active imports whose lines carry the current rules' tracks: the overview allocates only the lines of the others
   * (new, restored by an undo, or written by another process), not every line no rule matches each time it loads.
   */
  const allocatedImports = new Set<number>();

  /** Writes each active spend line's track from the rules (all projects' rules, in order) in one transaction. */
  function reallocate(lines?: ReturnType<typeof q.selectActiveSpendLines>): { allocated: number; unallocated: number; changed: number } {
    if (!lines) {
      allocatedImports.clear();
      for (const id of q.selectActiveImportIds(db)) allocatedImports.add(id);
      lines = q.selectActiveSpendLines(db);
    }
    const projects = (db.prepare('SELECT id FROM projects ORDER BY created_at, id').all() as Array<{ id: string }>).map((p) => p.id);
    const rules = projects.flatMap((p, i) => q.selectRules(db, p).map((r) => ({ ...r, position: i * 1_000_000 + r.position })));
    const { trackOf } = allocate(lines, rules);
    const changed: Array<[number, string | null]> = [];
    for (const l of lines) {
      const track = trackOf.get(l.id) ?? null;
      if (track !== l.storedTrackId) changed.push([l.id, track]);
    }
    if (changed.length > 0) db.transaction(() => q.updateLineTracks(db, changed))();
    return { allocated: trackOf.size, unallocated: lines.length - trackOf.size, changed: changed.length };
  }

  function listBudgets(projectId: string): Budget[] {
    project(projectId);
    return q.selectBudgets(db, projectId);
  }

  function saveBudget(draft: BudgetDraft): Budget {
    const plan = project(draft.projectId);
    if (draft.trackId) checkTrack(draft.projectId, draft.trackId);
    if (draft.currency !== plan.project.currency) {
      throw new UserError('INVALID_CURRENCY', `Budgets are in the project's currency, ${plan.project.currency}.`, {
        field: 'currency',
        value: draft.currency,
        expected: plan.project.currency,
      });
    }
    if (new Big(draft.amount).lt(0))
      throw new UserError('INVALID_AMOUNT', 'A budget cannot be negative.', { field: 'amount', value: draft.amount });
    const thresholds = [...new Set(draft.thresholds)].sort((a, b) => a - b);
    const amount = new Big(draft.amount).toString();
    return db.transaction(() => {
      const existing =
        draft.id !== undefined ? q.selectBudget(db, draft.id) : q.selectBudgetByScope(db, draft.projectId, draft.trackId, draft.month);
      if (draft.id !== undefined && !existing) throw new UserError('NOT_FOUND', `No budget ${draft.id}.`, { field: 'id' });
      if (existing) refuseOtherProject('budget', existing, draft.projectId);
      if (existing) {
        const clash = q.selectBudgetByScope(db, draft.projectId, draft.trackId, draft.month);
        if (clash && clash.id !== existing.id)
          throw new UserError('DUPLICATE_BUDGET', 'There is already a budget for this track and month.', { field: 'month' });
        const next = { ...existing, trackId: draft.trackId, month: draft.month, amount, currency: draft.currency, thresholds };
        q.updateBudget(db, next);
        return next;
      }
      const row = { projectId: draft.projectId, trackId: draft.trackId, month: draft.month, amount, currency: draft.currency, thresholds };
      return { id: q.insertBudget(db, row), ...row };
    })();
  }

  /** A budget or rule id of another project, sent while editing this one, is refused (it would be overwritten). */
  function refuseOtherProject(what: 'budget' | 'rule', row: { id: number; projectId: string }, projectId: string): void {
    if (row.projectId === projectId) return;
    throw new UserError('OTHER_PROJECT', `The ${what} ${row.id} belongs to another project; nothing was saved. Reload and try again.`, {
      field: 'id',
      value: String(row.id),
    });
  }

  function validateRule(draft: RuleDraft): void {
    if (draft.kind === 'tag' && !draft.key)
      throw new UserError('INVALID_RULE', 'A tag rule needs the tag key (e.g. team).', { field: 'key' });
    try {
      globToRegExp(draft.pattern);
    } catch {
      throw new UserError('INVALID_RULE', 'The pattern is not a valid glob.', { field: 'pattern', value: draft.pattern });
    }
    checkTrack(draft.projectId, draft.trackId);
  }

  function saveRule(draft: RuleDraft): AllocationRule {
    validateRule(draft);
    const key = draft.kind === 'tag' ? draft.key : null;
    const rule = db.transaction(() => {
      if (draft.id !== undefined) {
        const existing = q.selectRule(db, draft.id);
        if (!existing) throw new UserError('NOT_FOUND', `No rule ${draft.id}.`, { field: 'id' });
        refuseOtherProject('rule', existing, draft.projectId);
        const next: AllocationRule = {
          ...existing,
          kind: draft.kind,
          key,
          pattern: draft.pattern,
          trackId: draft.trackId,
          position: draft.position ?? existing.position,
        };
        q.updateRule(db, next);
        return next;
      }
      const row = {
        projectId: draft.projectId,
        position: draft.position ?? q.maxRulePosition(db, draft.projectId) + 1,
        kind: draft.kind,
        key,
        pattern: draft.pattern,
        trackId: draft.trackId,
      };
      return { id: q.insertRule(db, row, deps.now().toISOString()), ...row };
    })();
    reallocate();
    return rule;
  }

  function deleteRule(id: number): boolean {
    const deleted = q.deleteRule(db, id) > 0;
    if (deleted) reallocate();
    return deleted;
  }

  function reorderRules(projectId: string, ruleIds: number[]): AllocationRule[] {
    const rules = q.selectRules(db, projectId);
    const known = new Set(rules.map((r) => r.id));
    if (ruleIds.length !== rules.length || new Set(ruleIds).size !== ruleIds.length || ruleIds.some((id) => !known.has(id))) {
      throw new UserError('INVALID_ORDER', 'The new order must list every rule of the project exactly once.', {
        field: 'ruleIds',
        expected: rules.map((r) => r.id).join(', '),
      });
    }
    db.transaction(() => ruleIds.forEach((id, i) => q.setRulePosition(db, id, i + 1)))();
    reallocate();
    return q.selectRules(db, projectId);
  }

  /**
   * Saves the editor's whole list of rules at once, in its order: every rule is checked first (all problems reported
   * together, each at its row and field, in words); then one transaction updates, inserts and deletes. Nothing is
   * written when one rule is invalid, so a second save never duplicates a rule.
   */
  function replaceRules(projectId: string, drafts: Array<Omit<RuleDraft, 'projectId' | 'position'>>): AllocationRule[] {
    const plan = project(projectId);
    const existing = q.selectRules(db, projectId);
    const known = new Set(existing.map((r) => r.id));
    const trackIds = new Set(plan.tracks.map((t) => t.id));
    const problems: Array<{ field: string; message: string; value?: string }> = [];
    drafts.forEach((d, i) => {
      const row = `Rule ${i + 1}`;
      const at = (field: string) => `rules.${i}.${field}`;
      if (d.id !== undefined && !known.has(d.id)) problems.push({ field: at('id'), message: `${row} no longer exists; reload the rules.` });
      if (d.kind === 'tag' && !d.key?.trim())
        problems.push({ field: at('key'), message: `${row}: enter the tag key to match (for example team).` });
      if (!d.pattern.trim()) problems.push({ field: at('pattern'), message: `${row}: enter a pattern (use * to match anything).` });
      else {
        try {
          globToRegExp(d.pattern.trim());
        } catch {
          problems.push({
            field: at('pattern'),
            message: `${row}: the pattern is not valid (use * for any text, ? for one character).`,
            value: d.pattern,
          });
        }
      }
      if (!trackIds.has(d.trackId))
        problems.push({ field: at('trackId'), message: `${row}: choose one of ${plan.project.name}'s tracks.`, value: d.trackId });
    });
    const ids = drafts.flatMap((d) => (d.id === undefined ? [] : [d.id]));
    if (new Set(ids).size !== ids.length)
      problems.push({ field: 'rules', message: 'The same rule appears twice in the list; reload the rules.' });
    if (problems.length > 0) {
      throw new UserError(
        'INVALID_RULE',
        problems.length === 1 ? problems[0]!.message : `${problems.length} rules need a fix before saving; nothing was saved.`,
        { field: problems[0]!.field, problems },
      );
    }
    db.transaction(() => {
      const keep = new Set(ids);
      for (const r of existing) if (!keep.has(r.id)) q.deleteRule(db, r.id);
      drafts.forEach((d, i) => {
        const key = d.kind === 'tag' ? d.key!.trim() : null;
        const next = { projectId, position: i + 1, kind: d.kind, key, pattern: d.pattern.trim(), trackId: d.trackId };
        if (d.id !== undefined) q.updateRule(db, { id: d.id, ...next });
        else q.insertRule(db, next, deps.now().toISOString());
      });
    })();
    reallocate();
    return q.selectRules(db, projectId);
  }

  function sample(line: BudgetSpendLine) {
    return {
      id: line.id,
      day: line.chargePeriodStart.slice(0, 10),
      billedCost: line.billedCost,
      currency: line.currency,
      service: line.service,
      resource: line.resourceName ?? line.resourceId,
      sku: line.instanceType ?? line.sku,
      account: line.subAccountId ?? line.billingAccountId,
      tags: Object.entries(line.tags)
        .map(([k, v]) => `${k}=${v}`)
        .join(', '),
    };
  }

  /** What each rule (saved, or the editor's unsaved drafts) catches, with a few sample lines each. */
  function previewRules(
    projectId: string,
    drafts?: Array<RuleDraft & { id: number }>,
  ): RulePreview & { samples: Record<string, ReturnType<typeof sample>> } {
    project(projectId);
    const rules: AllocationRule[] = drafts
      ? drafts.map((d, i) => ({
          id: d.id,
          projectId,
          position: d.position ?? i + 1,
          kind: d.kind,
          key: d.key,
          pattern: d.pattern,
          trackId: d.trackId,
        }))
      : q.selectRules(db, projectId);
    const lines = q.selectActiveSpendLines(db);
    const preview = previewRulesPure(lines, rules);
    const wanted = new Set([...preview.rules.flatMap((r) => r.sampleLineIds), ...preview.unallocated.sampleLineIds]);
    const samples: Record<string, ReturnType<typeof sample>> = {};
    for (const l of lines) if (wanted.has(l.id)) samples[String(l.id)] = sample(l);
    return { ...preview, samples };
  }

  function saveRate(r: Omit<ExchangeRate, 'id'>): ExchangeRate {
    if (r.from === r.to)
      throw new UserError('INVALID_RATE', 'A rate converts between two different currencies.', { field: 'to', value: r.to });
    if (new Big(r.rate).lte(0)) throw new UserError('INVALID_RATE', 'A rate must be greater than 0.', { field: 'rate', value: r.rate });
    const row = { ...r, rate: new Big(r.rate).toString() };
    return { id: q.upsertRate(db, row), ...row };
  }

  function notifiedFile(): string {
    return path.join(deps.dataDir, ALERTS_FILE);
  }

  function readNotified(): Record<string, string[]> {
    try {
      return JSON.parse(fs.readFileSync(notifiedFile(), 'utf8')) as Record<string, string[]>;
    } catch {
      return {};
    }
  }

  /** Sends a native notification for each threshold newly crossed (remembered per project in the data folder). */
  function notifyNewAlerts(overview: OverviewView): void {
    const notified = readNotified();
    const before = new Set(notified[overview.projectId] ?? []);
    const current = overview.alerts.filter((a) => a.measure !== 'conversion').map((a) => a.id);
    for (const alert of overview.alerts) {
      if (alert.measure === 'conversion' || before.has(alert.id)) continue;
      deps.notify(`Budget ${alert.level === 'critical' ? 'exceeded' : 'alert'}: ${overview.projectName}`, alert.message);
    }
    notified[overview.projectId] = current;
    try {
      fs.writeFileSync(notifiedFile(), JSON.stringify(notified, null, 2));
    } catch {
      // A read-only data folder only means the alert may be notified again.
    }
  }

  async function getOverview(projectId?: string): Promise<OverviewView> {
    const view = await planService.getPlan(projectId);
    const plan = view.plan;
    const from = plan.project.start;
    const toExclusive = formatDay(addDays(parseDay(plan.project.end), 1));
    // Lines of imports the rules have not run on yet get their track (rule edits reallocate every line).
    const pending = q.selectActiveImportIds(db).filter((id) => !allocatedImports.has(id));
    if (pending.length > 0) {
      reallocate(q.selectActiveSpendLines(db, { importIds: pending }));
      for (const id of pending) allocatedImports.add(id);
    }
    const input = {
      plan,
      planWeeks: view.analysis.totals.weeks,
      // Only the project's dates are read line by line; the other buckets are summed in SQL.
      lines: q.selectActiveSpendLines(db, { from, toExclusive }),
      rules: q.selectRules(db, plan.project.id),
      budgets: q.selectBudgets(db, plan.project.id),
      rates: q.selectRates(db),
      today: deps.now().toISOString().slice(0, 10),
    };
    const overview = computeOverview(input);
    const dataCosts = compareDataCosts({ ...input, planned: view.analysis.totals.dataCosts, dataAsOf: overview.dataAsOf });
    const buckets = q.selectBucketTotals(
      db,
      plan.tracks.map((t) => t.id),
      from,
      toExclusive,
    );
    const unallocated = { ...overview.unallocated, count: 0, totals: {} as Record<string, string> };
    for (const b of buckets.unallocated) {
      unallocated.count += b.lines;
      unallocated.totals[b.currency || NO_CURRENCY] = nanosToDecimal(b.nanos);
    }
    const outsideWindow = { count: 0, totals: {} as Record<string, string> };
    for (const b of buckets.outside) {
      outsideWindow.count += b.lines;
      outsideWindow.totals[b.currency || NO_CURRENCY] = nanosToDecimal(b.nanos);
    }
    const result: OverviewView = {
      ...overview,
      unallocated,
      outsideWindow,
      tracksMeta: plan.tracks.map((t) => ({ id: t.id, name: t.name, colour: t.colour })),
      dataCosts,
    };
    notifyNewAlerts(result);
    return result;
  }

  return {
    listBudgets,
    saveBudget,
    deleteBudget: (id: number) => q.deleteBudget(db, id) > 0,
    listRules: (projectId: string) => {
      project(projectId);
      return q.selectRules(db, projectId);
    },
    saveRule,
    deleteRule,
    reorderRules,
    replaceRules,
    previewRules,
    reallocate,
    listRates: () => q.selectRates(db),
    saveRate,
    deleteRate: (id: number) => q.deleteRate(db, id) > 0,
    getOverview,
  };
}

export type BudgetPlanningService = ReturnType<typeof createBudgetPlanningService>;
