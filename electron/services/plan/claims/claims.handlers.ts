import type { planClaimsChannels } from '../../../../shared/ipc/contract/plan-claims';
import type { HandlerMap } from '../../handler-table';
import { evaluateProjectClaims } from './claims.service';

export const planClaimsHandlers: HandlerMap<typeof planClaimsChannels> = {
  'plan:evaluate-claims': ({ projectId, scenarioId }, { services, deps }) =>
    evaluateProjectClaims(services, deps.resourcesDir, projectId, scenarioId, deps.now()),
};
