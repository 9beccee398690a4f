/**
 * Billing import channels: choose a file (native dialog in main, preview and detected dialect), import it with progress
 * and cancel, import history with undo, named column mappings, the spend summary and the paged spend-line explorer.
 * Merged into `budgetChannels` (contract/budget.ts). Amounts are exact decimal strings.
 */
import { z } from 'zod';
import { importFilterSchema } from '../../domain/billing/import-filter';
import { columnMappingSchema } from '../../domain/billing/column-mapping';
import { BILLING_DIALECTS } from '../../domain/billing/spend-line';
import type { ChannelMap, EventMap } from '../channel';

export const IMPORT_FORMATS = ['auto', 'focus', 'aws-cur', 'aws-cost-explorer', 'azure', 'gcp', 'oci', 'generic'] as const;
export const SPEND_GROUP_BY = [
  'month',
  'week',
  'track',
  'provider',
  'service',
  'currency',
  'import',
  'sub-account',
  'instance-type',
  'none',
] as const;

const currencyTotals = z.record(z.string(), z.string());
const rowError = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
  value: z.string().optional(),
  expected: z.string().optional(),
});
const period = z.object({ start: z.string(), end: z.string() });
const lineTotals = z.object({ lines: z.number().int(), totals: currencyTotals });
/** How much of an import falls in the active project's dates, and how much of that the rules assign to its tracks. */
export const importReachSchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), start: z.string(), end: z.string() }),
  inProjectDates: lineTotals,
  assigned: lineTotals,
});
export type ImportReach = z.infer<typeof importReachSchema>;

export const importResultSchema = z.object({
  importId: z.number().int().nullable(),
  file: z.string(),
  format: z.enum(BILLING_DIALECTS),
  description: z.string(),
  container: z.string(),
  costBasis: z.enum(['actual', 'amortized']),
  rowsRead: z.number().int(),
  rowsImported: z.number().int(),
  rowsSkipped: z.number().int(),
  totalRows: z.number().int(),
  errors: z.array(rowError),
  /** Each warning once: `count` lines gave it (1 when absent), `lines` are the first of them; `line` is the first. */
  warnings: z.array(
    z.object({
      line: z.number().int(),
      column: z.string(),
      message: z.string(),
      count: z.number().int().optional(),
      lines: z.array(z.number().int()).optional(),
    }),
  ),
  totals: currencyTotals,
  periods: z.array(period),
  replacedImportIds: z.array(z.number().int()),
  /** Lines read, skipped by each filter and kept (issue 32: the project's slice). */
  filtered: z
    .object({
      read: z.number().int(),
      kept: z.number().int(),
      skipped: z.object({ account: z.number().int(), tag: z.number().int(), provider: z.number().int(), date: z.number().int() }),
      /** Parquet row groups skipped undecoded by their statistics (their lines counted in read and skipped). */
      rowGroupsSkipped: z.object({ groups: z.number().int(), rows: z.number().int() }).optional(),
    })
    .optional(),
  /** Absent when there is no active project. */
  reach: importReachSchema.optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const billingImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  sha256: z.string(),
  format: z.string(),
  description: z.string(),
  container: z.string(),
  costBasis: z.string(),
  accountKey: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  periods: z.array(period),
  rowsRead: z.number().int(),
  rowsImported: z.number().int(),
  rowsSkipped: z.number().int(),
  skipped: z.array(rowError),
  totals: currencyTotals,
  status: z.enum(['active', 'replaced', 'undone']),
  replacedImportIds: z.array(z.number().int()),
  invoiceOpen: z.boolean(),
  mappingName: z.string().nullable(),
  createdAt: z.string(),
  /** Active imports, when there is an active project. */
  reach: importReachSchema.optional(),
});
export type BillingImport = z.infer<typeof billingImportSchema>;

export const spendFiltersSchema = z
  .object({
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/, 'a date YYYY-MM-DD')
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/, 'a date YYYY-MM-DD')
      .optional(),
    provider: z.string().max(200).optional(),
    service: z.string().max(500).optional(),
    currency: z.string().max(10).optional(),
    trackId: z.string().max(120).optional(),
    importId: z.number().int().optional(),
    gpuOnly: z.boolean().optional(),
    search: z.string().max(200).optional(),
  })
  .strict()
  .default({});

export const spendGroupSchema = z.object({ key: z.string(), totals: currencyTotals, lines: z.number().int() });

export const spendLineViewSchema = z.object({
  id: z.number().int(),
  importId: z.number().int(),
  sourceLine: z.number().int(),
  chargePeriodStart: z.string(),
  chargePeriodEnd: z.string().nullable(),
  billedCost: z.string(),
  effectiveCost: z.string().nullable(),
  currency: z.string(),
  provider: z.string().nullable(),
  service: z.string().nullable(),
  sku: z.string().nullable(),
  resourceId: z.string().nullable(),
  resourceName: z.string().nullable(),
  billingAccountId: z.string().nullable(),
  subAccountId: z.string().nullable(),
  region: z.string().nullable(),
  chargeCategory: z.string().nullable(),
  pricingCategory: z.string().nullable(),
  instanceType: z.string().nullable(),
  gpuCount: z.number().int().nullable(),
  usageQuantity: z.string().nullable(),
  usageUnit: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  trackId: z.string().nullable(),
});
export type SpendLineView = z.infer<typeof spendLineViewSchema>;

/** An opaque token main handed out for a file the user chose (open dialog or drop): never a path. */
const fileToken = z.string().min(1).max(200);

export const filePreviewSchema = z.object({
  /** The chosen file's name (null when the dialog was cancelled); its path stays in main. */
  file: z.string().nullable(),
  /** What `budget:import-file` takes to read that file. */
  fileToken: z.string().nullable(),
  fileName: z.string(),
  bytes: z.number().int(),
  container: z.string(),
  delimiter: z.string().nullable(),
  format: z.enum(BILLING_DIALECTS).nullable(),
  description: z.string(),
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;

const savedMapping = z.object({ name: z.string(), mapping: columnMappingSchema, updatedAt: z.string() });

export const budgetImportChannels = {
  /** Opens the native file dialog in main; returns the chosen path with a preview (first rows, detected dialect). */
  'budget:choose-import-file': {
    request: z.object({ previewRows: z.number().int().min(1).max(200).default(20) }).strict(),
    response: filePreviewSchema,
  },
  /** Imports a file the user chose in the dialog (or dropped); progress on `budget:import-progress`. */
  'budget:import-file': {
    request: z
      .object({
        fileToken,
        format: z.enum(IMPORT_FORMATS).default('auto'),
        mappingName: z.string().min(1).max(100).optional(),
        mapping: columnMappingSchema.optional(),
        skipInvalid: z.boolean().default(false),
        /** The project's slice: lines outside are counted per filter and skipped before they are written (issue 32). */
        filter: importFilterSchema.optional(),
      })
      .strict(),
    response: importResultSchema,
  },
  'budget:cancel-import': { request: z.object({}).strict(), response: z.object({ cancelled: z.boolean() }) },
  'budget:preview-file': {
    request: z.object({ fileToken, previewRows: z.number().int().min(1).max(200).default(20) }).strict(),
    response: filePreviewSchema,
  },
  'budget:list-imports': { request: z.object({}).strict(), response: z.object({ imports: z.array(billingImportSchema) }) },
  'budget:undo-import': {
    request: z.object({ id: z.number().int() }).strict(),
    response: z.object({ import: billingImportSchema, restoredImportIds: z.array(z.number().int()) }),
  },
  'budget:save-mapping': {
    request: z.object({ name: z.string().trim().min(1).max(100), mapping: columnMappingSchema }).strict(),
    response: savedMapping,
  },
  'budget:list-mappings': { request: z.object({}).strict(), response: z.object({ mappings: z.array(savedMapping) }) },
  /** Writes a saved mapping as JSON where the user chooses (native save dialog in main): `gpu-planner import FILE --mapping` reads it. */
  'budget:export-mapping': {
    request: z.object({ name: z.string().trim().min(1).max(100) }).strict(),
    response: z.object({ file: z.string().nullable() }),
  },
  'budget:spend-summary': {
    request: z
      .object({ by: z.enum(SPEND_GROUP_BY).default('month'), filters: spendFiltersSchema, exact: z.boolean().default(false) })
      .strict(),
    response: z.object({ totals: currencyTotals, groups: z.array(spendGroupSchema), exact: z.boolean() }),
  },
  'budget:list-spend-lines': {
    request: z
      .object({
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(5000).default(500),
        filters: spendFiltersSchema,
        sort: z.string().max(60).optional(),
        descending: z.boolean().default(false),
        groupBy: z.enum(SPEND_GROUP_BY).optional(),
      })
      .strict(),
    response: z.object({
      lines: z.array(spendLineViewSchema),
      total: z.number().int(),
      offset: z.number().int(),
      groups: z.array(spendGroupSchema).optional(),
    }),
  },
} satisfies ChannelMap;

export const budgetImportEvents = {
  'budget:import-progress': z.object({
    file: z.string(),
    bytesRead: z.number(),
    totalBytes: z.number(),
    rowsRead: z.number().int(),
    done: z.boolean(),
  }),
} satisfies EventMap;
