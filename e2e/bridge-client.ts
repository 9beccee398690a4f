/**
 * Runs in Chromium before the renderer: builds `window.api` exactly as the preload does, but over functions the
 * test's Node process exposes (`__gpuPlannerInvoke`) and events it dispatches (`__gpuPlannerDispatch`).
 */
import { buildApi } from '../shared/ipc/api';
import type { EventName } from '../shared/ipc/contract';

declare global {
  interface Window {
    __gpuPlannerInvoke(channel: string, request: unknown): Promise<unknown>;
    __gpuPlannerDispatch(event: string, payload: unknown): void;
    /** Dropped file name → path on disk, as the test registered it (`app.registerDroppedFile`): webUtils' stand-in. */
    __gpuPlannerDroppedFiles?: Record<string, string>;
    /** Dropped file name → the grant main's file-grants service gave it when the test registered the drop. */
    __gpuPlannerDroppedGrants?: Record<string, { token: string; fileName: string }>;
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();

window.__gpuPlannerDispatch = (event, payload) => {
  for (const listener of listeners.get(event) ?? []) listener(payload);
};

(window as unknown as { api: unknown }).api = buildApi(
  (channel, request) => window.__gpuPlannerInvoke(channel, request),
  (event: EventName, listener) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
  {
    pathForFile: (file) => window.__gpuPlannerDroppedFiles?.[file.name] ?? '',
    grantFile: async (file) => window.__gpuPlannerDroppedGrants?.[file.name] ?? null,
  },
);
