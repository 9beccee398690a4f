/**
 * Allocation rule use cases: ordered rules that give spend lines a track (by tag, account, service, resource …), with
 * their live preview; every change allocates the spend lines again.
 */
import { previewRules as previewRulesPure, type RulePreview } from '../../../shared/domain/budget/allocation';
import { globToRegExp } from '../../../shared/domain/budget/glob';
import type { AllocationRule, BudgetSpendLine, RuleKind } from '../../../shared/domain/budget/types';
import { UserError } from '../../../shared/domain/errors';
import type { Plan } from '../../../shared/domain/plan/types';
import * as q from '../../db/queries/budget-planning';
import type { ServiceDeps } from '../service-deps';
import { checkTrack, projectPlan, refuseOtherProject } from './budget-project';
import type { SpendAllocator } from './spend-allocator';

export interface RuleDraft {
  id?: number | undefined;
  projectId: string;
  kind: RuleKind;
  key: string | null;
  pattern: string;
  trackId: string;
  position?: number | undefined;
}

/** A rule of the editor's whole list (its project and position are the list's). */
type RuleListDraft = Omit<RuleDraft, 'projectId' | 'position'>;
type RuleProblem = { field: string; message: string; value?: string };

/** Every problem of the editor's list of rules, each at its row and field, in words (none: the list can be saved). */
function ruleDraftProblems(drafts: RuleListDraft[], existing: AllocationRule[], plan: Plan): RuleProblem[] {
  const known = new Set(existing.map((r) => r.id));
  const trackIds = new Set(plan.tracks.map((t) => t.id));
  const problems: RuleProblem[] = [];
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
  return problems;
}

/** A spend line as the rule preview shows it. */
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

export function createAllocationRuleUseCases(deps: ServiceDeps, allocator: SpendAllocator) {
  const { db } = deps;

  function validateRule(draft: RuleDraft): void {
    if (draft.kind === 'tag' && !draft.key)
      throw new UserError('INVALID_RULE', 'A tag rule needs the tag key (e.g. team).', { field: 'key' });
    try {
      globToRegExp(draft.pattern);
    } catch {
      throw new UserError('INVALID_RULE', 'The pattern is not a valid glob.', { field: 'pattern', value: draft.pattern });
    }
    checkTrack(db, draft.projectId, draft.trackId);
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
    allocator.reallocate();
    return rule;
  }

  function deleteRule(id: number): boolean {
    const deleted = q.deleteRule(db, id) > 0;
    if (deleted) allocator.reallocate();
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
    allocator.reallocate();
    return q.selectRules(db, projectId);
  }

  /**
   * Saves the editor's whole list of rules at once, in its order: every rule is checked first (all problems reported
   * together, each at its row and field, in words); then one transaction updates, inserts and deletes. Nothing is
   * written when one rule is invalid, so a second save never duplicates a rule.
   */
  function replaceRules(projectId: string, drafts: RuleListDraft[]): AllocationRule[] {
    const plan = projectPlan(db, projectId);
    const existing = q.selectRules(db, projectId);
    const problems = ruleDraftProblems(drafts, existing, plan);
    const ids = drafts.flatMap((d) => (d.id === undefined ? [] : [d.id]));
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
    allocator.reallocate();
    return q.selectRules(db, projectId);
  }

  /** What each rule (saved, or the editor's unsaved drafts) catches, with a few sample lines each. */
  function previewRules(
    projectId: string,
    drafts?: Array<RuleDraft & { id: number }>,
  ): RulePreview & { samples: Record<string, ReturnType<typeof sample>> } {
    projectPlan(db, projectId);
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

  return {
    listRules: (projectId: string) => {
      projectPlan(db, projectId);
      return q.selectRules(db, projectId);
    },
    saveRule,
    deleteRule,
    reorderRules,
    replaceRules,
    previewRules,
  };
}
