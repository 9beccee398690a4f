import { settingsChannels } from '../../../shared/ipc/contract/settings';
import type { HandlerMap } from '../handler-table';

export const settingsHandlers: HandlerMap<typeof settingsChannels> = {
  'settings:get': (_request, { services }) => services.settings.view(),
  'settings:update': (request, { services }) => services.settings.update(request),
  'settings:dismiss-guide': (_request, { services }) => services.settings.dismissGuide(),
};
