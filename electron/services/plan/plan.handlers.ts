import { planChannels } from '../../../shared/ipc/contract/plan';
import type { HandlerMap } from '../handler-table';

export const planHandlers: HandlerMap<typeof planChannels> = {};
