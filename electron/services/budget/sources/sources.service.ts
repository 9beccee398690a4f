/**
 * Billing sources: folders of cloud billing exports kept in sync. A sync (source-sync.ts) lists the folder, passes
 * over files it has already seen and imports each new delivery through the import service's `importFile` — which
 * replaces the earlier import of a restated period and never keeps two imports of the same content active. Syncs run
 * one at a time, report progress, and can be cancelled; in the app they run at start, on folder changes and on a
 * periodic rescan (source-watching.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { importFilterSchema, isEmptyFilter, type ImportFilter } from '../../../../shared/domain/billing/import-filter';
import { UserError } from '../../../../shared/domain/errors';
import type { BillingSource, SourceSync } from '../../../../shared/ipc/contract/budget-sources';
import * as q from '../../../db/queries/budget-sources';
import { selectMapping } from '../../../db/queries/column-mappings';
import type { ServiceDeps } from '../../service-deps';
import type { BudgetImportService } from '../import/import.service';
import { createSourceSync, sourceFilter } from './source-sync';
import { createSourceWatching } from './source-watching';

export function createBudgetSourcesService(deps: ServiceDeps, imports: Pick<BudgetImportService, 'importFile'>) {
  const { db } = deps;
  let running: { controller: AbortController; sourceId: number } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const syncOne = createSourceSync(deps, imports);
  const watching = createSourceWatching((id) => syncSources(id));

  function toView(row: q.BillingSourceRow): BillingSource {
    const files = q.selectSourceFiles(db, row.id);
    const last = JSON.parse(row.last_sync_json) as Partial<SourceSync>;
    return {
      id: row.id,
      folder: row.folder,
      mappingName: row.mapping_name,
      filter: sourceFilter(row),
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

  /**
   * Adds a folder as a source (the CLI's path, or the one the folder dialog returned in main), with the slice its syncs
   * import (`filter`: accounts, tags, providers, dates; none or empty: the whole export).
   */
  function addSource(folder: string, mappingName?: string | undefined, filter?: ImportFilter | null | undefined): BillingSource {
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
    const id = q.insertSource(db, {
      folder: resolved,
      mapping_name: mappingName ?? null,
      created_at: deps.now().toISOString(),
      filter_json: isEmptyFilter(filter) ? null : JSON.stringify(importFilterSchema.parse(filter)),
    });
    if (watching.active()) watching.watch(id, resolved);
    return toView(q.selectSource(db, id)!);
  }

  /** Opens the native folder dialog in main; null when the user cancels. */
  async function chooseAndAddSource(
    mappingName?: string | undefined,
    filter?: ImportFilter | null | undefined,
  ): Promise<BillingSource | null> {
    const folder = await deps.dialogs.openFile({ title: 'Choose a folder of billing exports to keep in sync', folder: true });
    return folder ? addSource(folder, mappingName, filter) : null;
  }

  function listSources(): BillingSource[] {
    return q.selectSources(db).map(toView);
  }

  function removeSource(id: number): boolean {
    if (!q.selectSource(db, id)) return false;
    watching.unwatch(id);
    q.deleteSource(db, id);
    return true;
  }

  /**
   * Syncs one source or every source, one sync at a time (a request while one runs waits its turn). `rehash`: every
   * file's content is hashed, even one whose size, time and change stamp are as last seen.
   */
  function syncSources(id?: number | undefined, options: { rehash?: boolean } = {}): Promise<SourceSync[]> {
    const rows = id === undefined ? q.selectSources(db) : [q.selectSource(db, id)].filter((r): r is q.BillingSourceRow => r !== undefined);
    if (id !== undefined && rows.length === 0)
      return Promise.reject(new UserError('NOT_FOUND', `No source #${id}.`, { field: 'id', value: String(id) }));
    const run = queue.then(async () => {
      const out: SourceSync[] = [];
      for (const row of rows) {
        const controller = new AbortController();
        running = { controller, sourceId: row.id };
        try {
          out.push(await syncOne(q.selectSource(db, row.id) ?? row, controller.signal, options));
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

  /** The app's start: every source synced now, then on its folder's changes and every few minutes. */
  function startSourceWatching(options: { rescanMs?: number; debounceMs?: number } = {}): Promise<SourceSync[]> {
    watching.start(q.selectSources(db), options);
    return syncSources();
  }

  function stopSourceWatching(): void {
    watching.stop();
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
