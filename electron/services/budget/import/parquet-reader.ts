/**
 * Billing exports in Parquet (CUR 2.0 Data Exports, FOCUS): read row group by row group through hyparquet, only the
 * columns the dialect reads; a damaged file is refused before any large buffer is allocated. With a slice
 * (`options.filter`), a row group whose column statistics exclude it is skipped without being read or decoded
 * (row-group-pruning.ts decides; absent, inexact or unorderable statistics read the group).
 */
import fs from 'node:fs';
import type { SliceColumns } from '../../../../shared/domain/billing/dialect-kit';
import type { RowMapper } from '../../../../shared/domain/billing/dialects';
import { isEmptyFilter } from '../../../../shared/domain/billing/import-filter';
import {
  daysOfTextBounds,
  groupExcludedBy,
  type ColumnBounds,
  type GroupBounds,
  type RowGroupsSkipped,
} from '../../../../shared/domain/billing/row-group-pruning';
import { UserError } from '../../../../shared/domain/errors';
import type { ReadOptions } from './read-options';
import { cancelledError } from './row-collector';
import { boundedCompressors, checkColumnChunk, loadPageGuard } from './parquet-page-guard';

function parquetText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

function damagedParquet(file: string, what: string): UserError {
  return new UserError('UNREADABLE_FILE', `not a readable Parquet file: it looks damaged (${what.slice(0, 200)}). Nothing was imported.`, {
    file,
    expected: 'a Parquet file as the billing export wrote it',
  });
}

/** Sizes a sound file can have: rows, row groups and uncompressed column chunks bounded by what the file can hold. */
function assertPlausibleParquet(
  file: string,
  metadata: {
    num_rows: bigint | number;
    row_groups: Array<{
      num_rows: bigint | number;
      columns: Array<{ meta_data?: { total_uncompressed_size: bigint | number; total_compressed_size: bigint | number } }>;
    }>;
  },
  size: number,
): void {
  const MAX_ROWS = 2 ** 31;
  const MAX_CHUNK = 2 ** 30; // 1 GiB uncompressed per column chunk
  if (Number(metadata.num_rows) < 0 || Number(metadata.num_rows) > MAX_ROWS) throw damagedParquet(file, `${metadata.num_rows} rows`);
  for (const group of metadata.row_groups) {
    const rowsInGroup = Number(group.num_rows);
    if (!(rowsInGroup >= 0 && rowsInGroup <= MAX_ROWS)) throw damagedParquet(file, `a row group of ${group.num_rows} rows`);
    for (const chunk of group.columns) {
      const m = chunk.meta_data;
      if (!m) continue;
      const compressed = Number(m.total_compressed_size);
      const uncompressed = Number(m.total_uncompressed_size);
      if (!(compressed >= 0 && compressed <= size))
        throw damagedParquet(file, `a column chunk of ${compressed} bytes in a ${size}-byte file`);
      if (!(uncompressed >= 0 && uncompressed <= MAX_CHUNK))
        throw damagedParquet(file, `a column chunk that would take ${uncompressed} bytes uncompressed`);
    }
  }
}

/** The parts of hyparquet's metadata the statistics are read from. */
interface ChunkMeta {
  path_in_schema: string[];
  num_values: bigint | number;
  statistics?:
    | {
        min?: unknown;
        max?: unknown;
        min_value?: unknown;
        max_value?: unknown;
        null_count?: bigint | number | undefined;
        is_min_value_exact?: boolean | undefined;
        is_max_value_exact?: boolean | undefined;
      }
    | undefined;
}
interface SchemaElement {
  name: string;
  type?: string | undefined;
  converted_type?: string | undefined;
  logical_type?: { type: string } | undefined;
}

const dayOf = (value: unknown): string | null =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : null;

/**
 * What a column chunk's statistics say of a field: text bounds only from min_value/max_value of a UTF-8 column (the
 * deprecated min/max of strings were ordered by signed bytes), both flagged exact or unflagged (a truncated bound reads
 * the group); days from a timestamp or date column (either pair: signed order is theirs) or ISO text.
 */
function boundsOfChunk(meta: ChunkMeta | undefined, element: SchemaElement | undefined, as: 'text' | 'days'): ColumnBounds {
  const unknown: ColumnBounds = { kind: 'unknown' };
  const stats = meta?.statistics;
  if (!meta || !element || !stats) return unknown;
  if (stats.is_min_value_exact === false || stats.is_max_value_exact === false) return unknown;
  const isText = element.type === 'BYTE_ARRAY' && (element.converted_type === 'UTF8' || element.logical_type?.type === 'STRING');
  const min = stats.min_value ?? (isText ? undefined : stats.min);
  const max = stats.max_value ?? (isText ? undefined : stats.max);
  if (min === undefined && max === undefined) {
    const allNull = stats.null_count !== undefined && Number(stats.null_count) === Number(meta.num_values);
    return allNull && as === 'text' && isText ? { kind: 'none' } : unknown;
  }
  if (isText) {
    if (typeof min !== 'string' || typeof max !== 'string' || min.includes('�') || max.includes('�')) return unknown;
    return as === 'text' ? { kind: 'text', min, max } : daysOfTextBounds(min, max);
  }
  if (as !== 'days') return unknown;
  const lo = dayOf(min);
  const hi = dayOf(max);
  return lo && hi ? { kind: 'days', min: lo, max: hi } : unknown;
}

/** The bounds of the slice's fields in one row group, from the columns the mapper copies them from. */
function groupBounds(
  group: { columns: Array<{ meta_data?: ChunkMeta | undefined }> },
  schema: SchemaElement[],
  columns: string[],
  slice: SliceColumns,
): GroupBounds {
  const field = (source: number | string | null, as: 'text' | 'days'): ColumnBounds => {
    if (typeof source === 'string') return { kind: 'constant', value: source };
    if (source === null) return as === 'text' ? { kind: 'none' } : { kind: 'unknown' };
    const name = columns[source];
    const chunk = group.columns.find((c) => c.meta_data?.path_in_schema.length === 1 && c.meta_data.path_in_schema[0] === name);
    const element = schema.find((e, i) => i > 0 && e.name === name);
    return boundsOfChunk(chunk?.meta_data, element, as);
  };
  return {
    billingAccountId: field(slice.billingAccountId, 'text'),
    subAccountId: field(slice.subAccountId, 'text'),
    provider: field(slice.provider, 'text'),
    chargePeriodStart: field(slice.chargePeriodStart, 'days'),
  };
}

/**
 * Reads the file's rows into `handle`; returns the row groups skipped by the slice's statistics (none without a
 * filter, or for a dialect whose mapper does not state its slice columns).
 */
export async function readParquet(
  file: string,
  options: ReadOptions,
  setHeader: (h: string[]) => RowMapper,
  handle: (record: string[], line: number) => Promise<void>,
): Promise<RowGroupsSkipped> {
  const skippedGroups: RowGroupsSkipped = { groups: 0, rows: 0, skipped: { account: 0, tag: 0, provider: 0, date: 0 } };
  const { parquetMetadataAsync, parquetReadObjects, parquetSchema } = await import('hyparquet');
  const { getSchemaPath } = await import('hyparquet/src/schema.js');
  await loadPageGuard();
  const compressors = boundedCompressors((await import('hyparquet-compressors')).compressors);
  const handleFd = await fs.promises.open(file, 'r');
  const size = (await handleFd.stat()).size;
  let bytesRead = 0;
  /** Bytes [start, stop) of the file; a damaged footer or page offset pointing outside it is refused before any allocation. */
  const readRange = async (start: number, stop: number): Promise<Buffer> => {
    if (!(Number.isSafeInteger(start) && Number.isSafeInteger(stop) && start >= 0 && start <= stop && stop <= size))
      throw damagedParquet(file, `a read of bytes ${start}–${stop} outside the file's ${size} bytes`);
    const buffer = Buffer.alloc(stop - start);
    await handleFd.read(buffer, 0, buffer.length, start);
    return buffer;
  };
  const asyncBuffer = {
    byteLength: size,
    async slice(start: number, end?: number): Promise<ArrayBuffer> {
      const buffer = await readRange(start, end ?? size);
      bytesRead += buffer.length;
      options.onProgress?.(Math.min(bytesRead, size), size);
      return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    },
  };
  try {
    let metadata;
    let columns: string[];
    try {
      metadata = await parquetMetadataAsync(asyncBuffer);
      assertPlausibleParquet(file, metadata, size);
      // Top-level columns: a map or struct column (CUR 2.0 `product`, `resource_tags`) is one column, read as JSON text.
      columns = parquetSchema(metadata).children.map((c) => String(c.element.name));
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw damagedParquet(file, (error as Error).message);
    }
    const mapper = setHeader(columns);
    // Only the columns the dialect reads are fetched and decoded; the others stay empty.
    const wanted = mapper.usedColumns ? mapper.usedColumns.map((i) => columns[i]!) : columns;
    const slice = !isEmptyFilter(options.filter) && mapper.sliceColumns ? mapper.sliceColumns : null;
    let rowStart = 0;
    for (const group of metadata.row_groups) {
      if (options.signal?.aborted) throw cancelledError();
      const rowEnd = rowStart + Number(group.num_rows);
      if (slice) {
        const excludedBy = groupExcludedBy(options.filter, groupBounds(group, metadata.schema as SchemaElement[], columns, slice));
        if (excludedBy) {
          // Counted as lines the filter skipped; never read, never decoded (their bytes count as passed over).
          skippedGroups.groups += 1;
          skippedGroups.rows += rowEnd - rowStart;
          skippedGroups.skipped[excludedBy] += rowEnd - rowStart;
          for (const chunk of group.columns) bytesRead += Number(chunk.meta_data?.total_compressed_size ?? 0);
          options.onProgress?.(Math.min(bytesRead, size), size);
          rowStart = rowEnd;
          continue;
        }
      }
      let rows: Array<Record<string, unknown>>;
      try {
        // Every page of the columns read is checked first: hyparquet allocates from the sizes and counts it finds.
        for (const chunk of group.columns) {
          const meta = chunk.meta_data;
          if (!meta || !wanted.includes(meta.path_in_schema[0]!)) continue;
          const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
          const bytes = await readRange(start, start + Number(meta.total_compressed_size));
          try {
            checkColumnChunk(
              bytes,
              {
                schemaPath: getSchemaPath(metadata.schema, meta.path_in_schema),
                codec: meta.codec,
                numValues: Number(meta.num_values),
                totalUncompressedSize: Number(meta.total_uncompressed_size),
                rowGroupRows: Number(group.num_rows),
              },
              compressors,
            );
          } catch (error) {
            if (error instanceof UserError || !(error instanceof Error)) throw error;
            throw damagedParquet(file, `column ${meta.path_in_schema.join('.')}, rows ${rowStart + 1}–${rowEnd}: ${error.message}`);
          }
        }
        rows = (await parquetReadObjects({ file: asyncBuffer, metadata, rowStart, rowEnd, compressors, columns: wanted })) as Array<
          Record<string, unknown>
        >;
      } catch (error) {
        if (error instanceof UserError) throw error;
        throw damagedParquet(file, `rows ${rowStart + 1}–${rowEnd}: ${(error as Error).message}`);
      }
      for (let i = 0; i < rows.length; i += 1) {
        const row = rows[i]!;
        await handle(
          columns.map((c) => parquetText(row[c])),
          rowStart + i + 2,
        );
        rows[i] = undefined as unknown as Record<string, unknown>;
      }
      rowStart = rowEnd;
    }
  } finally {
    await handleFd.close();
  }
  return skippedGroups;
}
