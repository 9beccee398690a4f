/** The renderer's only way to the main process: the typed `window.api` the preload (or the e2e bridge) exposes. */
import type { Api } from '../../shared/ipc/api';
import type { SerializedError } from '../../shared/domain/errors';
import type { Result } from '../../shared/ipc/channel';

declare global {
  interface Window {
    api: Api;
  }
}

export const api: Api = new Proxy({} as Api, {
  get: (_target, key: string) => (window.api as unknown as Record<string, unknown>)[key],
});

/** An error returned by the main process, as data. */
export class ApiError extends Error {
  readonly error: SerializedError;
  constructor(error: SerializedError) {
    super(error.message);
    this.error = error;
  }
}

/** Returns the value or throws an ApiError carrying the main process's message and details. */
export async function unwrap<T>(result: Promise<Result<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new ApiError(settled.error);
  return settled.value;
}
