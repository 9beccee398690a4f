/** IPC adapters of the billing source channels (contract/budget-sources.ts). */
import type { budgetSourcesChannels } from '../../../../shared/ipc/contract/budget-sources';
import type { HandlerMap } from '../../handler-table';

export const budgetSourcesHandlers: HandlerMap<typeof budgetSourcesChannels> = {
  'budget:add-source': async ({ mappingName, filter }, { services }) => ({
    source: await services.budget.chooseAndAddSource(mappingName, filter),
  }),
  'budget:list-sources': (_request, { services }) => ({ sources: services.budget.listSources() }),
  'budget:remove-source': ({ id }, { services }) => ({ removed: services.budget.removeSource(id) }),
  'budget:sync-sources': async ({ id }, { services }) => ({ syncs: await services.budget.syncSources(id) }),
  'budget:cancel-source-sync': (_request, { services }) => ({ cancelled: services.budget.cancelSourceSync() }),
};
