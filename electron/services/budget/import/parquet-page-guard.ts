/**
 * A walk over a Parquet column chunk's pages before hyparquet decodes them (issue 26 item 1). hyparquet trusts the
 * sizes and counts a page carries: a run-length-encoded run of 2³¹ values is written one by one into a growing array
 * until V8 aborts the whole process ("Fatal JavaScript invalid size error" — no exception, no worker survives it), and
 * a page's uncompressed size is allocated as given. Here every page header is read, every size and count is bounded by
 * what the chunk and the row group can hold, each page is decompressed once into a buffer of the bounded size, and every
 * run of the levels and dictionary indices is checked against the values the page declares — nothing is allocated from
 * a count that was not checked first. A page that fails any check is refused with what was wrong.
 */
import type { Compressors, SchemaTree } from 'hyparquet';

/**
 * hyparquet's page reader and schema helpers, loaded on first use: they are ES modules, imported dynamically as the
 * reader imports hyparquet, so this file can be imported statically from CommonJS (the e2e runner's loader).
 */
type HyparquetParts = Pick<typeof import('hyparquet'), 'snappyUncompress'> &
  Pick<typeof import('hyparquet/src/column.js'), 'parquetHeader'> &
  Pick<typeof import('hyparquet/src/schema.js'), 'getMaxDefinitionLevel' | 'getMaxRepetitionLevel' | 'isFlatColumn'>;
let parts: HyparquetParts | null = null;

/** Loads what the page check needs; call (and await) before `boundedCompressors` or `checkColumnChunk`. */
export async function loadPageGuard(): Promise<void> {
  if (parts) return;
  const [{ snappyUncompress }, { parquetHeader }, schema] = await Promise.all([
    import('hyparquet'),
    import('hyparquet/src/column.js'),
    import('hyparquet/src/schema.js'),
  ]);
  parts = { snappyUncompress, parquetHeader, ...schema };
}

function hyparquet(): HyparquetParts {
  if (!parts) throw new Error('parquet-page-guard: loadPageGuard() was not awaited');
  return parts;
}

/** The largest uncompressed page or column chunk the reader accepts (a billing export's pages are a few MB). */
export const MAX_PARQUET_CHUNK_BYTES = 2 ** 30;
/** The most values one column chunk may hold: beyond it hyparquet's arrays would exceed what V8 can grow. */
export const MAX_PARQUET_CHUNK_VALUES = 2 ** 26;

/** What a column chunk is, from the footer (already bounded by the file's size). */
export interface ColumnChunkShape {
  /** The column's path in the schema tree (root first), as hyparquet's getSchemaPath gives it. */
  schemaPath: SchemaTree[];
  codec: string;
  numValues: number;
  totalUncompressedSize: number;
  rowGroupRows: number;
}

/** Thrown for a page that fails a check; the reader turns it into the user's "damaged file" message. */
export class DamagedPageError extends Error {}

const isCount = (n: unknown, max: number): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= max;
const bitWidth = (value: number) => 32 - Math.clz32(value);

/** A decompressor whose output length is bounded before anything is allocated (also handed to hyparquet). */
export function boundedCompressors(compressors: Compressors): Compressors {
  const bounded: Compressors = {};
  for (const [codec, decompress] of Object.entries(compressors)) {
    if (!decompress) continue;
    bounded[codec as keyof Compressors] = (input: Uint8Array, outputLength: number) => {
      if (!isCount(outputLength, MAX_PARQUET_CHUNK_BYTES)) throw new DamagedPageError(`a page of ${outputLength} bytes uncompressed`);
      return decompress(input, outputLength);
    };
  }
  return bounded;
}

function decompress(bytes: Uint8Array, size: number, codec: string, compressors: Compressors): Uint8Array {
  if (codec === 'UNCOMPRESSED') return bytes;
  const custom = compressors[codec as keyof Compressors];
  let page: Uint8Array;
  if (custom) page = custom(bytes, size);
  else if (codec === 'SNAPPY') {
    page = new Uint8Array(size);
    hyparquet().snappyUncompress(bytes, page);
  } else throw new DamagedPageError(`an unsupported compression (${codec})`);
  if (page.length !== size) throw new DamagedPageError(`a page that decompresses to ${page.length} bytes, not the ${size} its header says`);
  return page;
}

/**
 * The runs of one RLE/bit-packed hybrid stream, as hyparquet reads them (from `offset` until it has `limit` values or
 * the page ends): an RLE run longer than the values left, or a bit width over 32, is refused.
 */
function checkHybridRuns(view: DataView, offset: number, width: number, limit: number, what: string): void {
  if (width > 32) throw new DamagedPageError(`${what} with a bit width of ${width}`);
  let seen = 0;
  let at = offset;
  const end = view.byteLength;
  while (seen < limit && at < end) {
    let header = 0;
    let shift = 0;
    for (;;) {
      if (at >= end) return;
      const byte = view.getUint8(at);
      at += 1;
      header += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) break;
      shift += 7;
      if (shift > 35) throw new DamagedPageError(`${what} with a run header longer than 5 bytes`);
    }
    // hyparquet reads the header as a 32-bit integer: the same truncation here.
    const header32 = header >>> 0;
    if (header32 & 1) {
      const groups = (header32 | 0) >> 1;
      at += Math.max(groups, 0) * width;
      seen += Math.max(groups, 0) * 8;
    } else {
      const count = header32 >>> 1;
      if (count > limit - seen) throw new DamagedPageError(`${what} with a run of ${count} values where at most ${limit - seen} remain`);
      at += (width + 7) >> 3;
      seen += count;
    }
  }
}

/** Every page of one column chunk (`bytes` is the whole chunk, as read from the file) checked before hyparquet reads it. */
export function checkColumnChunk(bytes: Uint8Array, chunk: ColumnChunkShape, compressors: Compressors): void {
  const { schemaPath, codec, rowGroupRows, totalUncompressedSize } = chunk;
  if (!isCount(chunk.numValues, MAX_PARQUET_CHUNK_VALUES)) throw new DamagedPageError(`a column chunk of ${chunk.numValues} values`);
  const flat = hyparquet().isFlatColumn(schemaPath);
  const maxValues = flat ? Math.min(chunk.numValues, rowGroupRows) : chunk.numValues;
  const maxRepetition = hyparquet().getMaxRepetitionLevel(schemaPath);
  const maxDefinition = hyparquet().getMaxDefinitionLevel(schemaPath);
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  let pageNumber = 0;
  while (reader.offset < bytes.byteLength - 1) {
    pageNumber += 1;
    const where = `page ${pageNumber}`;
    let header;
    try {
      header = hyparquet().parquetHeader(reader);
    } catch (error) {
      throw new DamagedPageError(`${where}: an unreadable page header (${(error as Error).message})`);
    }
    const compressedSize = header.compressed_page_size;
    const uncompressedSize = header.uncompressed_page_size;
    const left = bytes.byteLength - reader.offset;
    if (!isCount(compressedSize, left))
      throw new DamagedPageError(`${where}: ${compressedSize} bytes where the column chunk has ${left} left`);
    if (!isCount(uncompressedSize, Math.min(MAX_PARQUET_CHUNK_BYTES, totalUncompressedSize)))
      throw new DamagedPageError(`${where}: ${uncompressedSize} bytes uncompressed in a column chunk of ${totalUncompressedSize}`);
    const compressed = bytes.subarray(reader.offset, reader.offset + compressedSize);
    reader.offset += compressedSize;
    if (header.type === 'DICTIONARY_PAGE') {
      const values = header.dictionary_page_header?.num_values;
      // A plain value takes at least one bit; a dictionary of more values than its bytes can hold is damaged.
      if (!isCount(values, Math.max(uncompressedSize, 1) * 8)) throw new DamagedPageError(`${where}: a dictionary of ${values} values`);
      decompress(compressed, uncompressedSize, codec, compressors);
    } else if (header.type === 'DATA_PAGE') {
      const page = header.data_page_header;
      const values = page?.num_values;
      if (!page || !isCount(values, maxValues)) throw new DamagedPageError(`${where}: ${values} values in a column chunk of ${maxValues}`);
      const data = decompress(compressed, uncompressedSize, codec, compressors);
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      let at = 0;
      const levels = (max: number, what: string) => {
        if (!max) return;
        if (at + 4 > view.byteLength) throw new DamagedPageError(`${where}: the ${what} are cut short`);
        const length = view.getUint32(at, true);
        if (length > view.byteLength - at - 4)
          throw new DamagedPageError(`${where}: ${length} bytes of ${what} in a page of ${view.byteLength}`);
        checkHybridRuns(view, at + 4, bitWidth(max), values, `${where}: the ${what}`);
        at += 4 + length;
      };
      levels(schemaPath.length > 1 ? maxRepetition : 0, 'repetition levels');
      levels(maxDefinition, 'definition levels');
      checkEncodedValues(view, at, page.encoding, schemaPath, values, where);
    } else if (header.type === 'DATA_PAGE_V2') {
      const page = header.data_page_header_v2;
      const values = page?.num_values;
      if (
        !page ||
        !isCount(values, maxValues) ||
        !isCount(page.num_nulls, values) ||
        !isCount(page.num_rows, Math.min(values, rowGroupRows))
      )
        throw new DamagedPageError(`${where}: ${values} values in a column chunk of ${maxValues}`);
      const repetitionLength = page.repetition_levels_byte_length;
      const definitionLength = page.definition_levels_byte_length;
      if (!isCount(repetitionLength, compressedSize) || !isCount(definitionLength, compressedSize - repetitionLength))
        throw new DamagedPageError(`${where}: levels of ${repetitionLength} + ${definitionLength} bytes in a page of ${compressedSize}`);
      const levelsView = new DataView(compressed.buffer, compressed.byteOffset, compressed.byteLength);
      if (maxRepetition) checkHybridRuns(levelsView, 0, bitWidth(maxRepetition), values, `${where}: the repetition levels`);
      if (maxDefinition) checkHybridRuns(levelsView, repetitionLength, bitWidth(maxDefinition), values, `${where}: the definition levels`);
      const levelBytes = repetitionLength + definitionLength;
      const rest = compressed.subarray(levelBytes);
      const data = page.is_compressed === false ? rest : decompress(rest, uncompressedSize - levelBytes, codec, compressors);
      checkEncodedValues(new DataView(data.buffer, data.byteOffset, data.byteLength), 0, page.encoding, schemaPath, values, where);
    } else if (header.type !== 'INDEX_PAGE') {
      throw new DamagedPageError(`${where}: an unknown page type (${String(header.type)})`);
    }
  }
}

/** The encoded values of a data page: the runs of dictionary indices and booleans, the header of delta blocks. */
function checkEncodedValues(view: DataView, at: number, encoding: string, schemaPath: SchemaTree[], values: number, where: string) {
  const type = schemaPath[schemaPath.length - 1]?.element.type;
  if (encoding === 'PLAIN_DICTIONARY' || encoding === 'RLE_DICTIONARY' || encoding === 'RLE') {
    if (type === 'BOOLEAN') {
      if (at + 4 > view.byteLength) throw new DamagedPageError(`${where}: the values are cut short`);
      checkHybridRuns(view, at + 4, 1, values, `${where}: the values`);
    } else {
      if (at >= view.byteLength) {
        if (values > 0) throw new DamagedPageError(`${where}: the dictionary indices are missing`);
        return;
      }
      checkHybridRuns(view, at + 1, view.getUint8(at), values, `${where}: the dictionary indices`);
    }
  } else if (encoding === 'DELTA_BINARY_PACKED' || encoding === 'DELTA_LENGTH_BYTE_ARRAY' || encoding === 'DELTA_BYTE_ARRAY') {
    // A block of 0 values, or miniblocks that do not divide it into multiples of 32, would loop without reading.
    const reader = { at };
    const varint = () => {
      let result = 0;
      for (let shift = 0; shift < 35; shift += 7) {
        if (reader.at >= view.byteLength) throw new DamagedPageError(`${where}: a delta block header is cut short`);
        const byte = view.getUint8(reader.at);
        reader.at += 1;
        result += (byte & 0x7f) * 2 ** shift;
        if (!(byte & 0x80)) return result;
      }
      throw new DamagedPageError(`${where}: a delta block header is damaged`);
    };
    const blockSize = varint();
    const miniblocks = varint();
    if (!(blockSize > 0 && blockSize % 128 === 0 && miniblocks > 0 && blockSize % miniblocks === 0 && (blockSize / miniblocks) % 32 === 0))
      throw new DamagedPageError(`${where}: delta blocks of ${blockSize} values in ${miniblocks} miniblocks`);
  } else if (encoding !== 'PLAIN' && encoding !== 'BYTE_STREAM_SPLIT') {
    throw new DamagedPageError(`${where}: an unknown encoding (${String(encoding)})`);
  }
}
