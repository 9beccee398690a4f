/**
 * Billing exports in Parquet (CUR 2.0 Data Exports, FOCUS): read row group by row group through hyparquet, only the
 * columns the dialect reads; a damaged file is refused before any large buffer is allocated.
 */
import fs from 'node:fs';
import type { RowMapper } from '../../../../shared/domain/billing/dialects';
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

export async function readParquet(
  file: string,
  options: ReadOptions,
  setHeader: (h: string[]) => RowMapper,
  handle: (record: string[], line: number) => Promise<void>,
): Promise<void> {
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
    let rowStart = 0;
    for (const group of metadata.row_groups) {
      if (options.signal?.aborted) throw cancelledError();
      const rowEnd = rowStart + Number(group.num_rows);
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
}
