/** IPC adapters of the credit channels (contract/budget-credits.ts). */
import type { budgetCreditsChannels } from '../../../../shared/ipc/contract/budget-credits';
import type { HandlerMap } from '../../handler-table';

export const budgetCreditsHandlers: HandlerMap<typeof budgetCreditsChannels> = {
  'budget:list-credits': ({ projectId }, { services }) => services.budget.listCredits(projectId),
  'budget:save-credit': ({ credit }, { services }) => services.budget.saveCredit(credit),
  'budget:delete-credit': ({ id }, { services }) => services.budget.deleteCredit(id),
};
