import { planChannels } from '../../../shared/ipc/contract/plan';
import type { HandlerMap } from '../handler-table';

export const planHandlers: HandlerMap<typeof planChannels> = {
  'plan:list-projects': (_request, { services }) => ({ projects: services.plan.listProjects() }),
  'plan:get-plan': ({ projectId }, { services }) => services.plan.getPlan(projectId),
  'plan:edit': (request, { services }) => services.plan.editAndEstimate(request),
  'plan:undo': (request, { services }) => services.plan.undo(request),
  'plan:redo': (request, { services }) => services.plan.redo(request),
  'plan:refresh-estimates': ({ projectId }, { services }) => services.plan.refreshEstimates(projectId),
  'plan:duplicate-scenario': (request, { services }) => services.plan.duplicateScenario(request),
  'plan:compare-scenarios': ({ projectId }, { services }) => services.plan.compareScenarios(projectId),
  'plan:delete-scenario': ({ id }, { services }) => ({ deleted: services.plan.deleteScenario(id) }),
};
