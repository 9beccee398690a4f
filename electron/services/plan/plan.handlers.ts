import { planChannels } from '../../../shared/ipc/contract/plan';
import type { HandlerMap } from '../handler-table';

export const planHandlers: HandlerMap<typeof planChannels> = {
  'plan:list-projects': (_request, { services }) => ({ projects: services.plan.projects.list() }),
  'plan:get-plan': ({ projectId, scenarioId }, { services }) => services.plan.getPlan(projectId, scenarioId),
  'plan:get-run-rates': ({ projectId }, { services }) => services.plan.runRates(projectId),
  'plan:edit': ({ scenarioId, ...request }, { services }) =>
    scenarioId ? services.plan.editScenarioAndEstimate({ ...request, scenarioId }) : services.plan.editAndEstimate(request),
  'plan:undo': ({ scenarioId, ...request }, { services }) =>
    scenarioId ? services.plan.undoScenario({ ...request, scenarioId }) : services.plan.undo(request),
  'plan:redo': ({ scenarioId, ...request }, { services }) =>
    scenarioId ? services.plan.redoScenario({ ...request, scenarioId }) : services.plan.redo(request),
  'plan:refresh-estimates': ({ projectId }, { services }) => services.plan.refreshEstimates(projectId),
  'plan:duplicate-scenario': (request, { services }) => services.plan.duplicateScenario(request),
  'plan:compare-scenarios': ({ projectId }, { services }) => services.plan.compareScenarios(projectId),
  'plan:delete-scenario': ({ id }, { services }) => ({ deleted: services.plan.deleteScenario(id) }),
  'plan:rename-scenario': (request, { services }) => services.plan.renameScenario(request),
  'plan:promote-scenario': (request, { services }) => services.plan.promoteScenario(request),
  'plan:undo-promote': (request, { services }) => services.plan.undoPromote(request),
  'plan:compare-plans': (request, { services }) => services.plan.comparePlans(request),
  'plan:create-project': (request, { services }) => services.plan.projects.create(request),
  'plan:open-project': ({ projectId }, { services }) => services.plan.projects.open(projectId),
  'plan:duplicate-project': (request, { services }) => services.plan.projects.duplicate(request),
  'plan:rename-project': (request, { services }) => services.plan.projects.rename(request),
  'plan:archive-project': (request, { services }) => services.plan.projects.archive(request),
  'plan:project-contents': ({ projectId }, { services }) => services.plan.projects.contents(projectId),
  'plan:delete-project': ({ projectId }, { services }) => services.plan.projects.remove(projectId),
  'plan:restore-project': ({ projectId }, { services }) => services.plan.projects.restore(projectId),
  'plan:export-file': (request, { services }) => services.plan.projects.exportFile(request),
  'plan:import-file': (request, { services }) => services.plan.projects.importFile(request),
  'plan:read-text-plan': (request, { services }) => services.plan.projects.fromText.read(request),
  'plan:create-from-text': (request, { services }) => services.plan.projects.fromText.create(request),
  'plan:open-text-plan': (_request, { services }) => services.plan.projects.fromText.openFile(),
};
