import { budgetChannels } from '../../../shared/ipc/contract/budget';
import type { HandlerMap } from '../handler-table';
import { budgetPlanningHandlers } from './budget-planning.handlers';
import { budgetCreditsHandlers } from './credits/credits.handlers';
import { budgetImportHandlers } from './import/import.handlers';
import { budgetSourcesHandlers } from './sources/sources.handlers';

export const budgetHandlers: HandlerMap<typeof budgetChannels> = {
  ...budgetImportHandlers,
  ...budgetPlanningHandlers,
  ...budgetSourcesHandlers,
  ...budgetCreditsHandlers,
};
