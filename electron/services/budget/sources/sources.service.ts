/**
 * Billing sources: folders of cloud billing exports kept in sync. A sync lists the folder (the providers' delivery
 * layouts: shared/domain/billing/delivery-layout.ts), passes over files whose size and time it has already seen,
 * hashes the others, and imports each new delivery through the import service's `importFile` — which replaces the
 * earlier import of a restated period and never keeps two imports of the same content active. A refused file leaves
 * the others imported and is listed with its error. Syncs run one at a time, report progress, and can be cancelled;
 * in the app they run at start, on folder changes (fs.watch, debounced) and on a periodic rescan (network drives
 * deliver no events).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  isBillingDataFile,
  isManifestFile,
  manifestKeys,
  planDeliveries,
  type FolderFile,
  type Manifest,
} from '../../../../shared/domain/billing/delivery-layout';
import { isUserError, UserError } from '../../../../shared/domain/errors';
import type { BillingSource, SourceSync } from '../../../../shared/ipc/contract/budget-sources';
import * as q from '../../../db/queries/budget-sources';
import { selectMapping } from '../../../db/queries/column-mappings';
import type { ServiceDeps } from '../../service-deps';
import type { BudgetImportService } from '../import/import.service';

/** Folders not descended into. */
const SKIPPED_DIRS = new Set(['node_modules', '$RECYCLE.BIN', 'System Volume Information']);
const WATCH_DEBOUNCE_MS = 2_000;
const RESCAN_MS = 5 * 60_000;

function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Every file under `root` (relative `/` paths), hidden files and folders left out. */
function listFolder(root: string): FolderFile[] {
  const out: FolderFile[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || SKIPPED_DIRS.has(e.name)) continue;
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(abs, r);
      else if (e.isFile()) {
        try {
          const st = fs.statSync(abs);
          out.push({ path: r, size: st.size, mtimeMs: Math.floor(st.mtimeMs) });
        } catch {
          // removed while listing
        }
      }
    }
  };
  walk(root, '');
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createBudgetSourcesService(deps: ServiceDeps, imports: Pick<BudgetImportService, 'importFile'>) {
  const { db } = deps;
  let running: { controller: AbortController; sourceId: number } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const watchers = new Map<number, { watcher: fs.FSWatcher | null; timer: NodeJS.Timeout | null }>();
  let rescan: NodeJS.Timeout | null = null;
  let debounceMs = WATCH_DEBOUNCE_MS;

  function toView(row: q.BillingSourceRow): BillingSource {
    const files = q.selectSourceFiles(db, row.id);
    const last = JSON.parse(row.last_sync_json) as Partial<SourceSync>;
    return {
      id: row.id,
      folder: row.folder,
      mappingName: row.mapping_name,
      createdAt: row.created_at,
      lastSyncAt: row.last_sync_at,
      lastSync: last.startedAt ? (last as SourceSync) : null,
      refused: files
        .filter((f) => f.status === 'refused')
        .map((f) => ({ path: f.path, size: f.size, status: f.status, importId: f.import_id, error: f.error, syncedAt: f.synced_at })),
      files: files.length,
      syncing: running?.sourceId === row.id,
    };
  }

  /** Adds a folder as a source (the CLI's path, or the one the folder dialog returned in main). */
  function addSource(folder: string, mappingName?: string | undefined): BillingSource {
    const resolved = path.resolve(folder);
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(resolved);
    } catch {
      // reported below
    }
    if (!stat?.isDirectory())
      throw new UserError('NOT_A_FOLDER', `${folder} is not a folder: a source is a folder of billing exports.`, { file: folder });
    if (mappingName && !selectMapping(db, mappingName))
      throw new UserError('UNKNOWN_MAPPING', `No saved column mapping named "${mappingName}".`, {
        field: 'mappingName',
        value: mappingName,
      });
    const existing = q.selectSourceByFolder(db, resolved);
    if (existing) throw new UserError('SOURCE_EXISTS', `${resolved} is already source #${existing.id}.`, { file: resolved });
    const id = q.insertSource(db, { folder: resolved, mapping_name: mappingName ?? null, created_at: deps.now().toISOString() });
    if (watchers.size > 0 || rescan) watch(id, resolved);
    return toView(q.selectSource(db, id)!);
  }

  /** Opens the native folder dialog in main; null when the user cancels. */
  async function chooseAndAddSource(mappingName?: string | undefined): Promise<BillingSource | null> {
    const folder = await deps.dialogs.openFile({ title: 'Choose a folder of billing exports to keep in sync', folder: true });
    return folder ? addSource(folder, mappingName) : null;
  }

  function listSources(): BillingSource[] {
    return q.selectSources(db).map(toView);
  }

  function removeSource(id: number): boolean {
    if (!q.selectSource(db, id)) return false;
    unwatch(id);
    q.deleteSource(db, id);
    return true;
  }

  async function syncOne(row: q.BillingSourceRow, signal: AbortSignal): Promise<SourceSync> {
    const startedAt = deps.now().toISOString();
    const progress = (
      phase: 'scanning' | 'importing' | 'done',
      filesDone: number,
      filesTotal: number,
      file: string | null,
      bytesRead = 0,
      totalBytes = 0,
    ) =>
      deps.emit('budget:source-sync-progress', {
        sourceId: row.id,
        folder: row.folder,
        phase,
        filesDone,
        filesTotal,
        file,
        bytesRead,
        totalBytes,
      });
    progress('scanning', 0, 0, null);
    const sync: SourceSync = {
      sourceId: row.id,
      folder: row.folder,
      startedAt,
      finishedAt: startedAt,
      filesSeen: 0,
      unchanged: 0,
      imported: [],
      alreadyImported: [],
      superseded: [],
      waiting: [],
      refused: [],
      cancelled: false,
    };
    if (!fs.existsSync(row.folder)) {
      sync.refused.push({
        path: '.',
        code: 'FOLDER_NOT_FOUND',
        message: `The folder ${row.folder} cannot be read (moved, or a drive not connected).`,
      });
      return finishSync(row, sync);
    }
    const listed = listFolder(row.folder);
    const manifests: Manifest[] = [];
    for (const f of listed) {
      if (!isManifestFile(f.path)) continue;
      try {
        const keys = manifestKeys(fs.readFileSync(path.join(row.folder, f.path), 'utf8'));
        if (keys) manifests.push({ path: f.path, mtimeMs: f.mtimeMs, keys });
      } catch {
        // unreadable manifest: its files are deliveries of their own
      }
    }
    const plan = planDeliveries(listed, manifests);
    sync.filesSeen = listed.filter((f) => isBillingDataFile(f.path)).length;
    const known = new Map(q.selectSourceFiles(db, row.id).map((f) => [f.path, f]));
    const at = () => deps.now().toISOString();
    const record = (f: FolderFile, status: q.SourceFileStatus, sha256: string | null, importId: number | null, error: string | null) =>
      q.upsertSourceFile(db, {
        source_id: row.id,
        path: f.path,
        size: f.size,
        mtime_ms: f.mtimeMs,
        sha256,
        status,
        import_id: importId,
        error,
        synced_at: at(),
      });
    const byPath = new Map(listed.map((f) => [f.path, f]));
    for (const s of plan.superseded) {
      const k = known.get(s.path);
      if (k?.status === 'superseded' && k.size === byPath.get(s.path)!.size && k.mtime_ms === byPath.get(s.path)!.mtimeMs) continue;
      record(byPath.get(s.path)!, 'superseded', k?.sha256 ?? null, null, `superseded by ${s.manifest}`);
      sync.superseded.push(s.path);
    }
    for (const w of plan.waiting) {
      sync.waiting.push({ manifest: w.manifest, missing: w.missing });
      for (const p of w.present)
        if (!known.has(p))
          record(byPath.get(p)!, 'waiting', null, null, `waiting for ${w.missing.length} more file(s) listed in ${w.manifest}`);
    }
    // Deliveries with a file not seen before, or changed since (size or time; then its content hash decides).
    const unchanged = (f: FolderFile) => {
      const k = known.get(f.path);
      return k !== undefined && k.status !== 'waiting' && k.size === f.size && k.mtime_ms === f.mtimeMs;
    };
    const pending = plan.deliveries.filter((d) => !d.files.every(unchanged));
    sync.unchanged = plan.deliveries.filter((d) => d.files.every(unchanged)).reduce((n, d) => n + d.files.length, 0);
    const filesTotal = pending.reduce((n, d) => n + d.files.length, 0);
    let filesDone = 0;
    progress('importing', 0, filesTotal, null);
    for (const delivery of pending) {
      if (signal.aborted) {
        sync.cancelled = true;
        break;
      }
      const hashes = new Map<string, string>();
      for (const f of delivery.files) hashes.set(f.path, await sha256OfFile(path.join(row.folder, f.path)));
      // Touched but not changed: the same bytes as when last seen.
      if (delivery.files.every((f) => known.get(f.path)?.sha256 === hashes.get(f.path) && known.get(f.path)?.status !== 'waiting')) {
        for (const f of delivery.files) {
          const k = known.get(f.path)!;
          record(f, k.status, k.sha256, k.import_id, k.error);
        }
        sync.unchanged += delivery.files.length;
        filesDone += delivery.files.length;
        continue;
      }
      // Every part already imported (under another name, or by hand): nothing to do.
      const held = delivery.files.map((f) => q.selectActiveImportBySha(db, hashes.get(f.path)!));
      if (held.every((h) => h !== undefined)) {
        delivery.files.forEach((f, i) => record(f, 'already-imported', hashes.get(f.path)!, held[i]!.id, null));
        sync.alreadyImported.push(...delivery.files.map((f) => f.path));
        filesDone += delivery.files.length;
        progress('importing', filesDone, filesTotal, null);
        continue;
      }
      const partIds: number[] = [];
      for (const f of delivery.files) {
        if (signal.aborted) {
          sync.cancelled = true;
          break;
        }
        progress('importing', filesDone, filesTotal, f.path);
        try {
          const result = await importWhenFree(
            {
              file: path.join(row.folder, f.path),
              displayName: f.path,
              mappingName: row.mapping_name ?? undefined,
              signal,
              onProgress: (p) => progress('importing', filesDone, filesTotal, f.path, p.bytesRead, p.totalBytes),
            },
            signal,
          );
          if (result.importId !== null) partIds.push(result.importId);
          record(f, 'imported', hashes.get(f.path)!, result.importId, null);
          sync.imported.push({
            path: f.path,
            importId: result.importId,
            periods: result.periods,
            totals: result.totals,
            replacedImportIds: result.replacedImportIds,
          });
        } catch (error) {
          if (isUserError(error) && error.code === 'CANCELLED') {
            sync.cancelled = true;
            break;
          }
          const e = isUserError(error) ? error : new UserError('UNREADABLE_FILE', (error as Error).message);
          record(f, 'refused', hashes.get(f.path)!, null, e.message);
          sync.refused.push({ path: f.path, code: e.code, message: e.message });
        }
        filesDone += 1;
        progress('importing', filesDone, filesTotal, f.path);
      }
      // The parts of one delivery share account and period: each must not replace the ones before it.
      q.keepDeliveryPartsActive(db, partIds);
      if (partIds.length > 1) {
        const ids = new Set(partIds);
        for (const i of sync.imported) i.replacedImportIds = i.replacedImportIds.filter((r) => !ids.has(r));
      }
    }
    return finishSync(row, sync);
  }

  function finishSync(row: q.BillingSourceRow, sync: SourceSync): SourceSync {
    sync.finishedAt = deps.now().toISOString();
    q.updateSourceSync(db, row.id, sync.finishedAt, JSON.stringify(sync));
    deps.emit('budget:source-sync-progress', {
      sourceId: row.id,
      folder: row.folder,
      phase: 'done',
      filesDone: sync.imported.length,
      filesTotal: sync.imported.length,
      file: null,
      bytesRead: 0,
      totalBytes: 0,
    });
    return sync;
  }

  /** The import service runs one import at a time: a sync waits for an import the user started by hand. */
  async function importWhenFree(request: Parameters<BudgetImportService['importFile']>[0], signal: AbortSignal) {
    for (;;) {
      try {
        return await imports.importFile(request);
      } catch (error) {
        if (!(isUserError(error) && error.code === 'IMPORT_RUNNING')) throw error;
        if (signal.aborted) throw new UserError('CANCELLED', 'The sync was cancelled.');
        await sleep(250);
      }
    }
  }

  /** Syncs one source or every source, one sync at a time (a request while one runs waits its turn). */
  function syncSources(id?: number | undefined): Promise<SourceSync[]> {
    const rows = id === undefined ? q.selectSources(db) : [q.selectSource(db, id)].filter((r): r is q.BillingSourceRow => r !== undefined);
    if (id !== undefined && rows.length === 0)
      return Promise.reject(new UserError('NOT_FOUND', `No source #${id}.`, { field: 'id', value: String(id) }));
    const run = queue.then(async () => {
      const out: SourceSync[] = [];
      for (const row of rows) {
        const controller = new AbortController();
        running = { controller, sourceId: row.id };
        try {
          out.push(await syncOne(q.selectSource(db, row.id) ?? row, controller.signal));
        } finally {
          running = null;
        }
        if (controller.signal.aborted) break;
      }
      return out;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  function cancelSourceSync(): boolean {
    if (!running) return false;
    running.controller.abort();
    return true;
  }

  function watch(id: number, folder: string): void {
    unwatch(id);
    const entry: { watcher: fs.FSWatcher | null; timer: NodeJS.Timeout | null } = { watcher: null, timer: null };
    const schedule = () => {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        void syncSources(id).catch(() => undefined);
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

  /** The app's start: every source synced now, then on its folder's changes and every few minutes. */
  function startSourceWatching(options: { rescanMs?: number; debounceMs?: number } = {}): Promise<SourceSync[]> {
    debounceMs = options.debounceMs ?? WATCH_DEBOUNCE_MS;
    for (const s of q.selectSources(db)) watch(s.id, s.folder);
    if (!rescan) {
      rescan = setInterval(() => void syncSources().catch(() => undefined), options.rescanMs ?? RESCAN_MS);
      rescan.unref?.();
    }
    return syncSources();
  }

  function stopSourceWatching(): void {
    for (const id of [...watchers.keys()]) unwatch(id);
    if (rescan) clearInterval(rescan);
    rescan = null;
    running?.controller.abort();
  }

  return {
    addSource,
    chooseAndAddSource,
    listSources,
    removeSource,
    syncSources,
    cancelSourceSync,
    startSourceWatching,
    stopSourceWatching,
  };
}

export type BudgetSourcesService = ReturnType<typeof createBudgetSourcesService>;
