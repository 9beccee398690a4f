import { reportChannels } from '../../../shared/ipc/contract/report';
import type { HandlerMap } from '../handler-table';

export const reportHandlers: HandlerMap<typeof reportChannels> = {};
