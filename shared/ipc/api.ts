/**
 * The typed `api` object the renderer sees: `api.catalog.listGpus({})`, built from the contract's channel
 * names. The preload builds it over ipcRenderer; the e2e bridge builds the same object over exposed functions.
 */
import type { z } from 'zod';
import type { Channel, ChannelResult, EventName, Events, Request } from './contract';
import { channelNames } from './channel-names';

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? Camel<V> : never;

export type Api = {
  [D in DomainOf<Channel>]: {
    [C in Channel as DomainOf<C> extends D ? VerbOf<C> : never]: (request: Request<C>) => Promise<ChannelResult<C>>;
  };
} & {
  events: {
    on<E extends EventName>(event: E, listener: (payload: z.output<Events[E]>) => void): () => void;
  };
  files: FilesApi;
};

/** A web `File` as the renderer holds it (typed structurally: shared/ sees no DOM). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** Files the user drops on the window: the renderer only gets a `File`; where it lives on disk comes from the preload. */
export interface FilesApi {
  /** The path on disk of a dropped file (Electron `webUtils.getPathForFile`); '' when it has none (built in JS). */
  pathForFile(file: DroppedFile): string;
  /**
   * Asks main to let the app read a dropped file: the preload takes the path of a real `File` (webUtils) and sends it
   * on GRANT_DROPPED_FILE_CHANNEL; main answers with an opaque token for the channels that read files. Null when the
   * File has no path on disk. The renderer never sends a path itself.
   */
  grantFile(file: DroppedFile): Promise<{ token: string; fileName: string } | null>;
}

/** The one channel outside the contract (never in `window.api`): only the preload sends on it, with a real File's path. */
export const GRANT_DROPPED_FILE_CHANNEL = 'files:grant-dropped-file';

export type Invoke = (channel: Channel, request: unknown) => Promise<unknown>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

export function camelCase(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const NO_FILES: FilesApi = { pathForFile: () => '', grantFile: async () => null };

export function buildApi(invoke: Invoke, subscribe: Subscribe, files: FilesApi = NO_FILES): Api {
  const api: Record<string, Record<string, unknown>> = {};
  for (const channel of channelNames) {
    const [domain, verb] = channel.split(':') as [string, string];
    api[domain] ??= {};
    api[domain][camelCase(verb)] = (request: unknown) => invoke(channel, request ?? {});
  }
  api.events = { on: (event: EventName, listener: (payload: unknown) => void) => subscribe(event, listener) };
  api.files = {
    pathForFile: (file: unknown) => files.pathForFile(file as DroppedFile),
    grantFile: (file: unknown) => files.grantFile(file as DroppedFile),
  };
  return api as unknown as Api;
}
