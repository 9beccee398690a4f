import { estimateChannels } from '../../../shared/ipc/contract/estimate';
import type { HandlerMap } from '../handler-table';

export const estimateHandlers: HandlerMap<typeof estimateChannels> = {};
