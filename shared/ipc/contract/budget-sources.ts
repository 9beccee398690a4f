/**
 * Billing sources: folders of cloud billing exports kept in sync (issue 14). A folder is added through the native
 * folder dialog in main (the renderer never sends a path); a sync imports new deliveries, replaces a restated month,
 * skips files already imported, reports progress on `budget:source-sync-progress` and can be cancelled.
 * Merged into `budgetChannels` (contract/budget.ts).
 */
import { z } from 'zod';
import { importFilterSchema } from '../../domain/billing/import-filter';
import type { ChannelMap, EventMap } from '../channel';

export const SOURCE_FILE_STATUSES = ['imported', 'already-imported', 'superseded', 'waiting', 'refused'] as const;

export const sourceFileSchema = z.object({
  path: z.string(),
  size: z.number(),
  status: z.enum(SOURCE_FILE_STATUSES),
  importId: z.number().int().nullable(),
  error: z.string().nullable(),
  syncedAt: z.string(),
});

/** What one sync changed. */
export const sourceSyncSchema = z.object({
  sourceId: z.number().int(),
  folder: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  filesSeen: z.number().int(),
  unchanged: z.number().int(),
  imported: z.array(
    z.object({
      path: z.string(),
      importId: z.number().int().nullable(),
      periods: z.array(z.object({ start: z.string(), end: z.string() })),
      totals: z.record(z.string(), z.string()),
      replacedImportIds: z.array(z.number().int()),
      /** Why a file already imported was imported again: it had been imported with another slice (which it replaces). */
      note: z.string().optional(),
      /** Lines read, skipped by each of the source's filters and kept (absent: no filter). */
      filtered: z
        .object({
          read: z.number().int(),
          kept: z.number().int(),
          skipped: z.object({ account: z.number().int(), tag: z.number().int(), provider: z.number().int(), date: z.number().int() }),
          /** Parquet row groups skipped undecoded by their statistics (their lines counted in read and skipped). */
          rowGroupsSkipped: z.object({ groups: z.number().int(), rows: z.number().int() }).optional(),
        })
        .optional(),
    }),
  ),
  alreadyImported: z.array(z.string()),
  superseded: z.array(z.string()),
  waiting: z.array(z.object({ manifest: z.string(), missing: z.array(z.string()) })),
  refused: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
  cancelled: z.boolean(),
});
export type SourceSync = z.infer<typeof sourceSyncSchema>;

export const billingSourceSchema = z.object({
  id: z.number().int(),
  folder: z.string(),
  mappingName: z.string().nullable(),
  /** The slice every sync imports (accounts, tags, providers, dates); null: the whole export. */
  filter: importFilterSchema.nullable(),
  createdAt: z.string(),
  lastSyncAt: z.string().nullable(),
  lastSync: sourceSyncSchema.nullable(),
  /** Files refused and not fixed since, with their error. */
  refused: z.array(sourceFileSchema),
  files: z.number().int(),
  syncing: z.boolean(),
});
export type BillingSource = z.infer<typeof billingSourceSchema>;

export const budgetSourcesChannels = {
  /** Opens the native folder dialog in main and adds the chosen folder as a source (null: the user cancelled). */
  'budget:add-source': {
    request: z
      .object({
        mappingName: z.string().min(1).max(100).optional(),
        /** The slice every sync of the source imports (the form's account, tag, provider and date fields). */
        filter: importFilterSchema.optional(),
      })
      .strict(),
    response: z.object({ source: billingSourceSchema.nullable() }),
  },
  'budget:list-sources': { request: z.object({}).strict(), response: z.object({ sources: z.array(billingSourceSchema) }) },
  'budget:remove-source': { request: z.object({ id: z.number().int() }).strict(), response: z.object({ removed: z.boolean() }) },
  /** Syncs one source (or all): progress on `budget:source-sync-progress`. */
  'budget:sync-sources': {
    request: z.object({ id: z.number().int().optional() }).strict(),
    response: z.object({ syncs: z.array(sourceSyncSchema) }),
  },
  'budget:cancel-source-sync': { request: z.object({}).strict(), response: z.object({ cancelled: z.boolean() }) },
} satisfies ChannelMap;

export const budgetSourcesEvents = {
  'budget:source-sync-progress': z.object({
    sourceId: z.number().int(),
    folder: z.string(),
    phase: z.enum(['scanning', 'importing', 'done']),
    filesDone: z.number().int(),
    filesTotal: z.number().int(),
    file: z.string().nullable(),
    bytesRead: z.number(),
    totalBytes: z.number(),
  }),
} satisfies EventMap;
