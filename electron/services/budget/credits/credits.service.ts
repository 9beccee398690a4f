/**
 * Credits and free tiers (issue 18 item 13): saved per project (migration 0009), applied by the pure
 * shared/domain/budget/credits.ts to the project's spend — the actual lines allocated to its tracks, then the plan's
 * remaining weeks — and shown beside the overview's forecast as their own line.
 */
import type { CatalogService } from '../../catalog/catalog.service';
import type { PlanService } from '../../plan/plan.service';
import type { BudgetPlanningService } from '../budget-planning.service';
import { addDays } from 'date-fns';
import { applyCredits, CREDIT_PRESETS, providerIdOfLine, type SpendEvent } from '../../../../shared/domain/budget/credits';
import { UserError } from '../../../../shared/domain/errors';
import { formatDay, parseDay, weekOf, weekStart } from '../../../../shared/domain/plan/weeks';
import type { CreditDraft, CreditsView } from '../../../../shared/ipc/contract/budget-credits';
import { creditDraftSchema } from '../../../../shared/ipc/contract/budget-credits';
import * as q from '../../../db/queries/budget-credits';
import { selectActiveSpendLines } from '../../../db/queries/budget-planning';
import type { ServiceDeps } from '../../service-deps';

export interface BudgetCreditsDeps {
  plan: Pick<PlanService, 'getPlan'>;
  catalog: Pick<CatalogService, 'listProviders' | 'listOfferings'>;
  /** The budget overview of the project (budget-planning.service.ts). */
  getOverview: BudgetPlanningService['getOverview'];
}

export function createBudgetCreditsService(deps: ServiceDeps, { plan: plans, catalog, getOverview }: BudgetCreditsDeps) {
  const { db } = deps;

  /** The spend events the credits can pay: actual lines allocated to the project's tracks, then the remaining weeks. */
  async function spendEvents(projectId?: string) {
    const view = await plans.getPlan(projectId);
    const overview = await getOverview(view.plan.project.id, view);
    const plan = view.plan;
    const providers = catalog.listProviders();
    const providerOfOffering = new Map(catalog.listOfferings().map((o) => [o.id, o.providerId]));
    const tracks = new Set(plan.tracks.map((t) => t.id));
    const events: SpendEvent[] = [];
    const toExclusive = formatDay(addDays(parseDay(plan.project.end), 1));
    for (const line of selectActiveSpendLines(db, { from: plan.project.start, toExclusive })) {
      if (!line.storedTrackId || !tracks.has(line.storedTrackId) || line.currency !== overview.currency) continue;
      events.push({
        date: line.chargePeriodStart.slice(0, 10),
        providerId: providerIdOfLine(line.provider, providers),
        amount: line.billedCost,
        kind: 'actual',
      });
    }
    const lastActualWeek = overview.dataAsOf ? weekOf(overview.dataAsOf) : null;
    for (const a of plan.allocations) {
      if (lastActualWeek && a.week <= lastActualWeek) continue;
      const amount = view.analysis.totals.allocationUsd[a.id];
      if (!amount || !a.offeringId) continue;
      events.push({ date: weekStart(a.week), providerId: providerOfOffering.get(a.offeringId) ?? null, amount, kind: 'planned' });
    }
    return { overview, plan, events };
  }

  async function listCredits(projectId?: string): Promise<CreditsView> {
    const { overview, plan, events } = await spendEvents(projectId);
    const credits = q.selectCredits(db, plan.project.id);
    const summary = applyCredits(credits, events, {
      currency: overview.currency,
      today: deps.now().toISOString().slice(0, 10),
      forecast: overview.forecast.value,
      horizonEnd: plan.project.end,
    });
    return { credits, summary, presets: [...CREDIT_PRESETS] };
  }

  async function saveCredit(input: CreditDraft): Promise<CreditsView> {
    const parsed = creditDraftSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UserError('INVALID_CREDIT', `${issue.path.join('.')}: ${issue.message}`, { field: issue.path.join('.') });
    }
    const draft = parsed.data;
    await plans.getPlan(draft.projectId); // NOT_FOUND for an unknown project
    if (draft.providerId !== null && !catalog.listProviders().some((p) => p.id === draft.providerId))
      throw new UserError('UNKNOWN_PROVIDER', `No provider "${draft.providerId}" in the catalog.`, {
        field: 'providerId',
        value: draft.providerId,
        expected: catalog
          .listProviders()
          .map((p) => p.id)
          .join(', '),
      });
    const { id, ...fields } = draft;
    if (id !== undefined) {
      const existing = q.selectCredit(db, id);
      if (!existing || existing.projectId !== draft.projectId)
        throw new UserError('NOT_FOUND', `No credit ${id} in project ${draft.projectId}.`, { field: 'id', value: String(id) });
      q.updateCredit(db, { id, ...fields });
    } else q.insertCredit(db, fields, deps.now().toISOString());
    return listCredits(draft.projectId);
  }

  async function deleteCredit(id: number): Promise<CreditsView> {
    const existing = q.selectCredit(db, id);
    if (!existing) throw new UserError('NOT_FOUND', `No credit ${id}.`, { field: 'id', value: String(id) });
    q.deleteCredit(db, id);
    return listCredits(existing.projectId);
  }

  return { listCredits, saveCredit, deleteCredit };
}
