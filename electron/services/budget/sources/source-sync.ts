/**
 * One sync of a billing source: list the folder (the providers' delivery layouts), pass over files whose size and
 * time it has already seen, hash the others, and import each new delivery through the import service — a refused
 * file leaves the others imported and is listed with its error; the parts of one delivery never replace each other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isBillingDataFile, planDeliveries, type FolderFile } from '../../../../shared/domain/billing/delivery-layout';
import {
  canonicalFilterJson,
  canonicalStoredFilter,
  describeFilter,
  importFilterSchema,
  type ImportFilter,
} from '../../../../shared/domain/billing/import-filter';
import { isUserError, UserError } from '../../../../shared/domain/errors';
import type { z } from 'zod';
import type { budgetSourcesEvents, SourceSync } from '../../../../shared/ipc/contract/budget-sources';
import * as q from '../../../db/queries/budget-sources';
import type { ServiceDeps } from '../../service-deps';
import { sha256OfFile } from '../import/file-hash';
import type { BudgetImportService } from '../import/import.service';
import { listFolder, readManifests } from './folder-listing';

/** What `budget:source-sync-progress` says. */
type SyncProgress = z.input<(typeof budgetSourcesEvents)['budget:source-sync-progress']>;
type SyncPhase = SyncProgress['phase'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sync of `row` that has done nothing yet. */
/** The source's stored slice (null: the whole export). */
export function sourceFilter(row: q.BillingSourceRow): ImportFilter | null {
  return row.filter_json ? importFilterSchema.parse(JSON.parse(row.filter_json)) : null;
}

function emptySync(row: q.BillingSourceRow, startedAt: string): SourceSync {
  return {
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
}

export function createSourceSync(deps: Pick<ServiceDeps, 'db' | 'now' | 'emit'>, imports: Pick<BudgetImportService, 'importFile'>) {
  const { db } = deps;

  function emitProgress(row: q.BillingSourceRow, progress: Omit<SyncProgress, 'sourceId' | 'folder'>): void {
    deps.emit('budget:source-sync-progress', { sourceId: row.id, folder: row.folder, ...progress });
  }

  async function syncOne(row: q.BillingSourceRow, signal: AbortSignal, rehash: boolean): Promise<SourceSync> {
    const startedAt = deps.now().toISOString();
    const progress = (phase: SyncPhase, filesDone: number, filesTotal: number, file: string | null, bytesRead = 0, totalBytes = 0) =>
      emitProgress(row, { phase, filesDone, filesTotal, file, bytesRead, totalBytes });
    progress('scanning', 0, 0, null);
    const sync = emptySync(row, startedAt);
    if (!fs.existsSync(row.folder)) {
      sync.refused.push({
        path: '.',
        code: 'FOLDER_NOT_FOUND',
        message: `The folder ${row.folder} cannot be read (moved, or a drive not connected).`,
      });
      return finishSync(row, sync);
    }
    const listed = listFolder(row.folder);
    const plan = planDeliveries(listed, readManifests(row.folder, listed));
    const filter = sourceFilter(row);
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
        change_stamp: f.changeStamp ?? null,
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
    // Deliveries with a file not seen before, or changed since (its size, modification time, or its change stamp — the
    // inode and status-change time, which a rewrite changes even when it keeps size and time; then its content hash
    // decides). A file seen without a stamp (an older version, or where none can be read) is hashed each time; with
    // `rehash` every file is (a file system whose inode and status-change time do not follow the content).
    const unchanged = (f: FolderFile) => {
      const k = known.get(f.path);
      return (
        !rehash &&
        k !== undefined &&
        k.status !== 'waiting' &&
        k.size === f.size &&
        k.mtime_ms === f.mtimeMs &&
        (k.change_stamp ?? null) !== null &&
        k.change_stamp === f.changeStamp
      );
    };
    const pending = plan.deliveries.filter((d) => !d.files.every(unchanged));
    sync.unchanged = plan.deliveries.filter((d) => d.files.every(unchanged)).reduce((n, d) => n + d.files.length, 0);
    const filesTotal = pending.reduce((n, d) => n + d.files.length, 0);
    let filesDone = 0;
    progress('importing', 0, filesTotal, null);
    for (let delivery of pending) {
      if (signal.aborted) {
        sync.cancelled = true;
        break;
      }
      // A file that cannot be read (permissions, removed meanwhile) is refused with its reason; the others go on.
      const hashes = new Map<string, string>();
      const readable: FolderFile[] = [];
      for (const f of delivery.files) {
        try {
          hashes.set(f.path, await sha256OfFile(path.join(row.folder, f.path)));
          readable.push(f);
        } catch (error) {
          const message = unreadableMessage(f.path, error);
          record(f, 'refused', null, null, message);
          sync.refused.push({ path: f.path, code: 'UNREADABLE_FILE', message });
          filesDone += 1;
        }
      }
      if (readable.length === 0) continue;
      delivery = { ...delivery, files: readable };
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
      // Every part already imported with the source's slice (under another name, or by hand): nothing to do. A part
      // imported with another slice (by hand, the whole file or other accounts) is imported with the source's: being
      // the same content, that import replaces the other (kept in the history; undo brings it back), and says so.
      const held = delivery.files.map((f) => q.selectActiveImportBySha(db, hashes.get(f.path)!));
      const sliceJson = canonicalFilterJson(filter);
      if (held.every((h) => h !== undefined && canonicalStoredFilter(h.filter_json) === sliceJson)) {
        delivery.files.forEach((f, i) => record(f, 'already-imported', hashes.get(f.path)!, held[i]!.id, null));
        sync.alreadyImported.push(...delivery.files.map((f) => f.path));
        filesDone += delivery.files.length;
        progress('importing', filesDone, filesTotal, null);
        continue;
      }
      const partIds: number[] = [];
      // A manifest's assembly is one delivery (a new assembly of the period replaces it whole); a file named as a part
      // (exportPartOf) is a part of the delivery of its folder: the parts of one folder add up.
      const assembly = delivery.manifest
        ? `manifest:${path.join(row.folder, delivery.manifest)}#${crypto
            .createHash('sha256')
            .update(delivery.files.map((f) => f.path).join('\n'))
            .digest('hex')
            .slice(0, 16)}`
        : null;
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
              delivery: assembly ? { key: assembly, part: f.path } : undefined,
              deliveryFolder: path.dirname(path.join(row.folder, f.path)),
              mappingName: row.mapping_name ?? undefined,
              filter,
              signal,
              onProgress: (p) => progress('importing', filesDone, filesTotal, f.path, p.bytesRead, p.totalBytes),
            },
            signal,
          );
          if (result.importId !== null) partIds.push(result.importId);
          record(f, 'imported', hashes.get(f.path)!, result.importId, null);
          const other = held[delivery.files.indexOf(f)];
          sync.imported.push({
            ...(other && canonicalStoredFilter(other.filter_json) !== sliceJson
              ? {
                  note: `already imported as import #${other.id} with ${sliceWords(canonicalStoredFilter(other.filter_json))}; the source imports ${sliceJson ? `its slice (${describeFilter(filter)})` : 'the whole file'}, which replaces it`,
                }
              : {}),
            path: f.path,
            importId: result.importId,
            periods: result.periods,
            totals: result.totals,
            replacedImportIds: result.replacedImportIds,
            ...(result.filtered && filter ? { filtered: result.filtered } : {}),
          });
        } catch (error) {
          if (isUserError(error) && error.code === 'CANCELLED') {
            sync.cancelled = true;
            break;
          }
          const e = isUserError(error) ? error : new UserError('UNREADABLE_FILE', unreadableMessage(f.path, error));
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

  /** A sync always ends recorded: an unexpected failure is listed as the folder's (what it imported before stays imported). */
  async function syncOneRecorded(row: q.BillingSourceRow, signal: AbortSignal, options: { rehash?: boolean } = {}): Promise<SourceSync> {
    const started = deps.now().toISOString();
    try {
      return await syncOne(row, signal, options.rehash === true);
    } catch (error) {
      const sync = emptySync(row, started);
      sync.refused.push({ path: '.', code: 'SYNC_FAILED', message: `The sync of ${row.folder} failed: ${(error as Error).message}` });
      return finishSync(row, sync);
    }
  }

  function finishSync(row: q.BillingSourceRow, sync: SourceSync): SourceSync {
    sync.finishedAt = deps.now().toISOString();
    q.updateSourceSync(db, row.id, sync.finishedAt, JSON.stringify(sync));
    emitProgress(row, {
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

  return syncOneRecorded;
}

/** A slice in words: `the slice account 1234*` or `no filter (the whole file)`. */
function sliceWords(canonicalJson: string | null): string {
  return canonicalJson ? `the slice ${describeFilter(importFilterSchema.parse(JSON.parse(canonicalJson)))}` : 'no filter (the whole file)';
}

/** Why a file could not be read, in words, with the system's code. */
function unreadableMessage(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied (the file belongs to another user or is not readable)'
      : code === 'ENOENT'
        ? 'it was removed or moved while the folder was synced'
        : code === 'EISDIR'
          ? 'it is a folder'
          : (error as Error).message;
  return `${file} cannot be read: ${why}${code ? ` (${code})` : ''}.`;
}
