import type { AppInfo } from '../../shared/ipc/contract/app';
import { appChannels } from '../../shared/ipc/contract/app';
import type { HandlerMap } from './handler-table';

export function appHandlers(info: () => AppInfo): HandlerMap<typeof appChannels> {
  return { 'app:get-info': () => info() };
}
