import type { budgetPlanningChannels } from '../../../shared/ipc/contract/budget-planning';
import type { HandlerMap } from '../handler-table';

/** Budgets, thresholds, allocation rules, exchange rates and the overview (merged into budgetHandlers). */
export const budgetPlanningHandlers: HandlerMap<typeof budgetPlanningChannels> = {
  'budget:list-budgets': ({ projectId }, { services }) => services.budget.budgetRecord(projectId),
  'budget:dismiss-notice': ({ id }, { services }) => ({ dismissed: services.budget.dismissNotice(id) }),
  'budget:save-budget': (request, { services }) => ({ budget: services.budget.saveBudget(request) }),
  'budget:delete-budget': ({ id }, { services }) => ({ deleted: services.budget.deleteBudget(id) }),
  'budget:list-rules': ({ projectId }, { services }) => ({ rules: services.budget.listRules(projectId) }),
  'budget:save-rule': (request, { services }) => ({ rule: services.budget.saveRule(request) }),
  'budget:delete-rule': ({ id }, { services }) => ({ deleted: services.budget.deleteRule(id) }),
  'budget:reorder-rules': ({ projectId, ruleIds }, { services }) => ({ rules: services.budget.reorderRules(projectId, ruleIds) }),
  'budget:replace-rules': ({ projectId, rules }, { services }) => ({ rules: services.budget.replaceRules(projectId, rules) }),
  'budget:preview-rules': ({ projectId, rules }, { services }) => services.budget.previewRules(projectId, rules),
  'budget:list-rates': (request, { services }) => services.budget.listRates(request),
  'budget:import-rates': ({ fileName, text }, { services }) => services.budget.importRates(text, fileName),
  'budget:save-rate': (request, { services }) => ({ rate: services.budget.saveRate(request) }),
  'budget:delete-rate': ({ id }, { services }) => ({ deleted: services.budget.deleteRate(id) }),
  'budget:get-overview': ({ projectId }, { services }) => services.budget.getOverview(projectId),
};
