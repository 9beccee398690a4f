/**
 * A minimal Parquet writer for tests and benchmarks (no package here writes Parquet): uncompressed v1 data pages,
 * PLAIN values, optional UTF-8 string columns, optional INT64 TIMESTAMP_MILLIS columns (CUR 2.0's and FOCUS's dates)
 * and optional MAP<string, string> columns (as AWS Data Exports writes CUR 2.0's `product` and `resource_tags`); one
 * row group (`writeParquet`) or as many as the caller writes, streamed to a sink (`ParquetStreamWriter`), each column
 * chunk with or without statistics (min_value/max_value, null_count, the exactness flags). Follows the Parquet format
 * spec (parquet.thrift, Thrift compact protocol, RLE/bit-packed hybrid levels).
 */

export type ParquetRow = Record<string, string | Record<string, string | null> | null | undefined>;
type Row = ParquetRow;
export interface ParquetColumn {
  name: string;
  /** `timestamp`: INT64 milliseconds since the epoch (TIMESTAMP_MILLIS), given in rows as ISO text. */
  kind: 'string' | 'map' | 'timestamp';
}

// ------------------------------------------------------------------------------------------- Thrift compact protocol

const T = { TRUE: 1, FALSE: 2, I32: 5, I64: 6, BINARY: 8, LIST: 9, STRUCT: 12 } as const;
type Value =
  | { t: typeof T.TRUE | typeof T.FALSE }
  | { t: typeof T.I32 | typeof T.I64; v: number }
  | { t: typeof T.BINARY; v: string | Buffer }
  | { t: typeof T.LIST; elem: number; items: Value[] }
  | { t: typeof T.STRUCT; fields: Field[] };
type Field = [id: number, value: Value];

const i32 = (v: number): Value => ({ t: T.I32, v });
const i64 = (v: number): Value => ({ t: T.I64, v });
const bin = (v: string | Buffer): Value => ({ t: T.BINARY, v });
const bool = (v: boolean): Value => ({ t: v ? T.TRUE : T.FALSE });
const list = (elem: number, items: Value[]): Value => ({ t: T.LIST, elem, items });
const struct = (...fields: Array<Field | null>): Value => ({ t: T.STRUCT, fields: fields.filter((f): f is Field => f !== null) });

function varint(out: number[], n: number): void {
  if (n >= 0 && n < 2 ** 31) {
    // The common case in plain numbers (bit operations are 32-bit).
    let v = n;
    while (v >= 0x80) {
      out.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    out.push(v);
    return;
  }
  let v = BigInt(n);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
}
const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);

function writeValue(out: number[], value: Value): void {
  switch (value.t) {
    case T.TRUE:
    case T.FALSE:
      break; // a field's boolean is its type (compact protocol)
    case T.I32:
    case T.I64:
      varint(out, zigzag(value.v));
      break;
    case T.BINARY: {
      const bytes = typeof value.v === 'string' ? Buffer.from(value.v, 'utf8') : value.v;
      varint(out, bytes.length);
      for (const b of bytes) out.push(b);
      break;
    }
    case T.LIST:
      if (value.items.length < 15) out.push((value.items.length << 4) | value.elem);
      else {
        out.push(0xf0 | value.elem);
        varint(out, value.items.length);
      }
      for (const item of value.items) writeValue(out, item);
      break;
    case T.STRUCT: {
      let last = 0;
      for (const [id, v] of value.fields) {
        const delta = id - last;
        if (delta > 0 && delta <= 15) out.push((delta << 4) | v.t);
        else {
          out.push(v.t);
          varint(out, zigzag(id));
        }
        writeValue(out, v);
        last = id;
      }
      out.push(0);
      break;
    }
  }
}

const thrift = (value: Value) => {
  const out: number[] = [];
  writeValue(out, value);
  return Buffer.from(out);
};

// ------------------------------------------------------------------------------------------------------ data pages

/** RLE/bit-packed hybrid, RLE runs only, prefixed with its 4-byte length (data page v1). */
function levels(values: number[], max: number): Buffer {
  const width = Math.ceil(Math.log2(max + 1));
  const bytes = Math.ceil(width / 8);
  const out: number[] = [];
  for (let i = 0; i < values.length;) {
    let run = 1;
    while (i + run < values.length && values[i + run] === values[i]) run += 1;
    varint(out, run << 1);
    for (let b = 0; b < bytes; b += 1) out.push((values[i]! >> (8 * b)) & 0xff);
    i += run;
  }
  const len = Buffer.alloc(4);
  len.writeUInt32LE(out.length);
  return Buffer.concat([len, Buffer.from(out)]);
}

function plainStrings(values: string[]): Buffer {
  let size = 0;
  for (const v of values) size += 4 + Buffer.byteLength(v, 'utf8');
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const v of values) {
    const n = out.write(v, at + 4, 'utf8');
    out.writeUInt32LE(n, at);
    at += 4 + n;
  }
  return out;
}

function plainInt64(values: bigint[]): Buffer {
  const out = Buffer.allocUnsafe(8 * values.length);
  values.forEach((v, i) => out.writeBigInt64LE(v, 8 * i));
  return out;
}

const millisSeen = new Map<string, bigint>();

/** Milliseconds since the epoch of ISO text (`2024-09-01T00:00:00Z`, `2024-09-01 05:00:00`: UTC); billing files repeat a few. */
function epochMillis(iso: string): bigint {
  const seen = millisSeen.get(iso);
  if (seen !== undefined) return seen;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso.replace(' ', 'T')}Z`);
  if (Number.isNaN(ms)) throw new Error(`not a timestamp: ${iso}`);
  if (millisSeen.size > 10_000) millisSeen.clear();
  millisSeen.set(iso, BigInt(ms));
  return BigInt(ms);
}

interface Leaf {
  path: string[];
  rep: number[];
  def: number[];
  maxRep: number;
  maxDef: number;
  values: string[];
  /** A timestamp column's values (milliseconds). */
  int64?: bigint[];
}

function leaves(columns: ParquetColumn[], rows: Row[]): Leaf[] {
  const out: Leaf[] = [];
  for (const c of columns) {
    if (c.kind === 'string' || c.kind === 'timestamp') {
      const leaf: Leaf = { path: [c.name], rep: [], def: [], maxRep: 0, maxDef: 1, values: [] };
      if (c.kind === 'timestamp') leaf.int64 = [];
      for (const r of rows) {
        const v = r[c.name];
        if (typeof v === 'string') {
          leaf.def.push(1);
          if (leaf.int64) leaf.int64.push(epochMillis(v));
          else leaf.values.push(v);
        } else leaf.def.push(0);
      }
      out.push(leaf);
      continue;
    }
    const key: Leaf = { path: [c.name, 'key_value', 'key'], rep: [], def: [], maxRep: 1, maxDef: 2, values: [] };
    const value: Leaf = { path: [c.name, 'key_value', 'value'], rep: [], def: [], maxRep: 1, maxDef: 3, values: [] };
    for (const r of rows) {
      const m = r[c.name];
      if (m === null || m === undefined || typeof m === 'string') {
        for (const l of [key, value]) {
          l.rep.push(0);
          l.def.push(0);
        }
        continue;
      }
      const entries = Object.entries(m);
      if (entries.length === 0) {
        for (const l of [key, value]) {
          l.rep.push(0);
          l.def.push(1);
        }
        continue;
      }
      entries.forEach(([k, v], j) => {
        key.rep.push(j === 0 ? 0 : 1);
        key.def.push(2);
        key.values.push(k);
        value.rep.push(j === 0 ? 0 : 1);
        value.def.push(v === null ? 2 : 3);
        if (v !== null) value.values.push(v);
      });
    }
    out.push(key, value);
  }
  return out;
}

/**
 * A column chunk's statistics as written: `exact` (the true min and max, flagged exact), `none`, or given bounds
 * (e.g. truncated, with their exactness flags). Bounds of a timestamp column are ISO text.
 */
export type ParquetStatistics =
  'exact' | 'none' | { min?: string; max?: string; minExact?: boolean; maxExact?: boolean; nullCount?: number };

/** Which statistics each column chunk of a row group carries (by top-level column name; none by default). */
export type StatisticsChoice = (column: string, rowGroup: number) => ParquetStatistics;

const BEYOND_SURROGATES = /[\ud800-\uffff]/;

/** UTF-8 byte order (Parquet's for strings): JavaScript's order but where a surrogate pair meets U+E000–U+FFFF. */
function utf8Compare(a: string, b: string): number {
  if (!BEYOND_SURROGATES.test(a) || !BEYOND_SURROGATES.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function statisticsStruct(leaf: Leaf, spec: ParquetStatistics): Value | null {
  if (spec === 'none' || leaf.maxRep > 0) return null;
  const nulls = leaf.def.filter((d) => d === 0).length;
  let bounds: { min?: string | bigint; max?: string | bigint; minExact?: boolean; maxExact?: boolean; nullCount?: number };
  if (spec === 'exact') {
    bounds = { nullCount: nulls, minExact: true, maxExact: true };
    if (leaf.int64 && leaf.int64.length) {
      bounds.min = leaf.int64.reduce((a, b) => (b < a ? b : a));
      bounds.max = leaf.int64.reduce((a, b) => (b > a ? b : a));
    } else if (leaf.values.length) {
      bounds.min = leaf.values.reduce((a, b) => (utf8Compare(b, a) < 0 ? b : a));
      bounds.max = leaf.values.reduce((a, b) => (utf8Compare(b, a) > 0 ? b : a));
    }
  } else
    bounds = {
      ...spec,
      min: spec.min === undefined ? undefined : leaf.int64 ? epochMillis(spec.min) : spec.min,
      max: spec.max === undefined ? undefined : leaf.int64 ? epochMillis(spec.max) : spec.max,
    };
  const bytes = (v: string | bigint) => {
    if (typeof v === 'string') return Buffer.from(v, 'utf8');
    const b = Buffer.alloc(8);
    b.writeBigInt64LE(v);
    return b;
  };
  return struct(
    bounds.nullCount === undefined ? null : [3, i64(bounds.nullCount)],
    bounds.max === undefined ? null : [5, bin(bytes(bounds.max))],
    bounds.min === undefined ? null : [6, bin(bytes(bounds.min))],
    bounds.maxExact === undefined || bounds.max === undefined ? null : [7, bool(bounds.maxExact)],
    bounds.minExact === undefined || bounds.min === undefined ? null : [8, bool(bounds.minExact)],
  );
}

/**
 * A Parquet file written row group by row group to `sink` (a file descriptor's writes, or an array): the footer is
 * written by `finish`. Memory holds one row group at a time.
 */
export class ParquetStreamWriter {
  private offset = 0;
  private rows = 0;
  private readonly groups: Value[] = [];

  constructor(
    private readonly columns: ParquetColumn[],
    private readonly sink: (bytes: Buffer) => void,
    private readonly statistics: StatisticsChoice = () => 'none',
  ) {
    this.write(Buffer.from('PAR1'));
  }

  private write(bytes: Buffer): void {
    this.sink(bytes);
    this.offset += bytes.length;
  }

  writeRowGroup(rows: Row[]): void {
    const groupStart = this.offset;
    const columnChunks: Value[] = [];
    const group = this.groups.length;
    for (const leaf of leaves(this.columns, rows)) {
      const body = Buffer.concat([
        ...(leaf.maxRep > 0 ? [levels(leaf.rep, leaf.maxRep)] : []),
        levels(leaf.def, leaf.maxDef),
        leaf.int64 ? plainInt64(leaf.int64) : plainStrings(leaf.values),
      ]);
      const header = thrift(
        struct(
          [1, i32(0)],
          [2, i32(body.length)],
          [3, i32(body.length)],
          [5, struct([1, i32(leaf.def.length)], [2, i32(0)], [3, i32(3)], [4, i32(3)])],
        ),
      );
      const start = this.offset;
      this.write(header);
      this.write(body);
      const size = header.length + body.length;
      const stats = statisticsStruct(leaf, this.statistics(leaf.path[0]!, group));
      columnChunks.push(
        struct(
          [2, i64(start)],
          [
            3,
            struct(
              [1, i32(leaf.int64 ? 2 : 6)],
              [2, list(T.I32, [i32(0), i32(3)])],
              [3, list(T.BINARY, leaf.path.map(bin))],
              [4, i32(0)],
              [5, i64(leaf.def.length)],
              [6, i64(size)],
              [7, i64(size)],
              [9, i64(start)],
              stats ? [12, stats] : null,
            ),
          ],
        ),
      );
    }
    this.groups.push(struct([1, list(T.STRUCT, columnChunks)], [2, i64(this.offset - groupStart)], [3, i64(rows.length)]));
    this.rows += rows.length;
  }

  finish(): void {
    const schema: Value[] = [struct([4, bin('schema')], [5, i32(this.columns.length)])];
    for (const c of this.columns) {
      if (c.kind === 'string') schema.push(struct([1, i32(6)], [3, i32(1)], [4, bin(c.name)], [6, i32(0)]));
      else if (c.kind === 'timestamp') schema.push(struct([1, i32(2)], [3, i32(1)], [4, bin(c.name)], [6, i32(9)]));
      else {
        schema.push(struct([3, i32(1)], [4, bin(c.name)], [5, i32(1)], [6, i32(1)]));
        schema.push(struct([3, i32(2)], [4, bin('key_value')], [5, i32(2)], [6, i32(2)]));
        schema.push(struct([1, i32(6)], [3, i32(0)], [4, bin('key')], [6, i32(0)]));
        schema.push(struct([1, i32(6)], [3, i32(1)], [4, bin('value')], [6, i32(0)]));
      }
    }
    const meta = thrift(
      struct(
        [1, i32(1)],
        [2, list(T.STRUCT, schema)],
        [3, i64(this.rows)],
        [4, list(T.STRUCT, this.groups)],
        [6, bin('gpu-planner tests')],
      ),
    );
    const len = Buffer.alloc(4);
    len.writeUInt32LE(meta.length);
    this.write(meta);
    this.write(len);
    this.write(Buffer.from('PAR1'));
  }
}

/**
 * The bytes of a Parquet file holding `rows` under `columns`: one row group, or groups of `rowGroupRows` rows; no
 * statistics unless `statistics` chooses them.
 */
export function writeParquet(
  columns: ParquetColumn[],
  rows: Row[],
  options: { rowGroupRows?: number; statistics?: StatisticsChoice } = {},
): Buffer {
  const chunks: Buffer[] = [];
  const writer = new ParquetStreamWriter(columns, (b) => chunks.push(b), options.statistics);
  const size = options.rowGroupRows ?? Math.max(rows.length, 1);
  if (rows.length === 0) writer.writeRowGroup([]);
  for (let i = 0; i < rows.length; i += size) writer.writeRowGroup(rows.slice(i, i + size));
  writer.finish();
  return Buffer.concat(chunks);
}
