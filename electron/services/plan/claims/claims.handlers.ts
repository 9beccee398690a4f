import type { planClaimsChannels } from '../../../../shared/ipc/contract/plan-claims';
import type { HandlerMap } from '../../handler-table';
import { evaluateProjectClaims } from './claims.service';
import { listSourceDocuments } from './source-documents.service';

export const planClaimsHandlers: HandlerMap<typeof planClaimsChannels> = {
  'plan:evaluate-claims': ({ projectId, scenarioId }, { services, deps }) =>
    evaluateProjectClaims(services, deps.resourcesDir, projectId, scenarioId, deps.now()),
  'plan:list-source-documents': ({ document }, { services, deps }) =>
    listSourceDocuments(services, deps.resourcesDir, document, deps.now()),
};
