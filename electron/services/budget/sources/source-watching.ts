/**
 * Keeping source folders in sync while the app runs: a folder's changes (fs.watch, debounced) sync it, and a periodic
 * rescan syncs every source (network drives deliver no events).
 */
import fs from 'node:fs';

const WATCH_DEBOUNCE_MS = 2_000;
const RESCAN_MS = 5 * 60_000;

interface FolderWatch {
  watcher: fs.FSWatcher | null;
  timer: NodeJS.Timeout | null;
}

/** `sync(id)` syncs one source, `sync()` every one; both already queue and swallow nothing themselves. */
export function createSourceWatching(sync: (id?: number) => Promise<unknown>) {
  const watchers = new Map<number, FolderWatch>();
  let rescan: NodeJS.Timeout | null = null;
  let debounceMs = WATCH_DEBOUNCE_MS;

  function watch(id: number, folder: string): void {
    unwatch(id);
    const entry: FolderWatch = { watcher: null, timer: null };
    const schedule = () => {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        void sync(id).catch(() => undefined);
      }, debounceMs);
      entry.timer.unref?.();
    };
    try {
      entry.watcher = fs.watch(folder, { recursive: true, persistent: false }, schedule);
      entry.watcher.on('error', () => undefined);
    } catch {
      // no events from this folder (network drive, removed): the periodic rescan still syncs it
    }
    watchers.set(id, entry);
  }

  function unwatch(id: number): void {
    const entry = watchers.get(id);
    if (!entry) return;
    entry.watcher?.close();
    if (entry.timer) clearTimeout(entry.timer);
    watchers.delete(id);
  }

  /** Watches these folders and starts the periodic rescan. */
  function start(sources: ReadonlyArray<{ id: number; folder: string }>, options: { rescanMs?: number; debounceMs?: number }): void {
    debounceMs = options.debounceMs ?? WATCH_DEBOUNCE_MS;
    for (const s of sources) watch(s.id, s.folder);
    if (!rescan) {
      rescan = setInterval(() => void sync().catch(() => undefined), options.rescanMs ?? RESCAN_MS);
      rescan.unref?.();
    }
  }

  function stop(): void {
    for (const id of [...watchers.keys()]) unwatch(id);
    if (rescan) clearInterval(rescan);
    rescan = null;
  }

  /** Whether sources are being watched (a source added now is watched too). */
  const active = () => watchers.size > 0 || rescan !== null;

  return { watch, unwatch, start, stop, active };
}
