import type { AppInfo } from '../../shared/ipc/contract/app';
import { appChannels } from '../../shared/ipc/contract/app';
import type { HandlerMap } from './handler-table';

export function appHandlers(info: () => AppInfo): HandlerMap<typeof appChannels> {
  return {
    'app:get-info': () => info(),
    // The renderer's errors land in main's log, marked as the renderer's (the request is bounded by the contract).
    'app:log': ({ level, message, source }, { deps }) => {
      deps.logger[level](`Renderer${source ? ` (${source})` : ''}: ${message}`);
      return {};
    },
  };
}
