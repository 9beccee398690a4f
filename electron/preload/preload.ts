/**
 * The preload exposes exactly one object, `window.api`, typed from the contract: one function per channel,
 * `events.on` for the contract's events and `files.pathForFile` for a dropped file (Electron ≥ 32 gives the
 * renderer no `File.path`: `webUtils.getPathForFile` runs here). No logic here: channel and event names come from the contract,
 * through shared/ipc/channel-names.ts (names only: the preload bundles no zod and no schema).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi, GRANT_DROPPED_FILE_CHANNEL } from '../../shared/ipc/api';
import { eventNames } from '../../shared/ipc/channel-names';

const api = buildApi(
  (channel, request) => ipcRenderer.invoke(channel, request),
  (event, listener) => {
    if (!(eventNames as readonly string[]).includes(event)) throw new Error(`Unknown event ${event}`);
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => ipcRenderer.removeListener(event, wrapped);
  },
  {
    pathForFile: (file) => webUtils.getPathForFile(file as unknown as File),
    grantFile: async (file) => {
      const filePath = webUtils.getPathForFile(file as unknown as File);
      return filePath
        ? ((await ipcRenderer.invoke(GRANT_DROPPED_FILE_CHANNEL, filePath)) as { token: string; fileName: string } | null)
        : null;
    },
  },
);

contextBridge.exposeInMainWorld('api', api);
