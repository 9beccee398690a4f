import { budgetChannels } from '../../../shared/ipc/contract/budget';
import type { HandlerMap } from '../handler-table';

export const budgetHandlers: HandlerMap<typeof budgetChannels> = {};
