import type { planOptimizeChannels } from '../../../../shared/ipc/contract/plan-optimize';
import type { HandlerMap } from '../../handler-table';

export const planOptimizeHandlers: HandlerMap<typeof planOptimizeChannels> = {
  'plan:optimize': (request, { services }) => services.optimize.optimize(request),
  'plan:stop-optimize': (_request, { services }) => ({ stopped: services.optimize.stop() }),
  'plan:accept-suggestion': (request, { services }) => services.optimize.acceptSuggestion(request),
};
