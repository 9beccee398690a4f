/**
 * A minimal Parquet writer for tests (no package here writes Parquet): one row group, uncompressed v1 data pages,
 * PLAIN values, optional UTF-8 string columns and optional MAP<string, string> columns (as AWS Data Exports writes
 * CUR 2.0's `product` and `resource_tags`). Follows the Parquet format spec (parquet.thrift, Thrift compact protocol,
 * RLE/bit-packed hybrid levels).
 */

export type ParquetRow = Record<string, string | Record<string, string | null> | null | undefined>;
type Row = ParquetRow;
export interface ParquetColumn {
  name: string;
  kind: 'string' | 'map';
}

// ------------------------------------------------------------------------------------------- Thrift compact protocol

const T = { I32: 5, I64: 6, BINARY: 8, LIST: 9, STRUCT: 12 } as const;
type Value =
  | { t: typeof T.I32 | typeof T.I64; v: number }
  | { t: typeof T.BINARY; v: string }
  | { t: typeof T.LIST; elem: number; items: Value[] }
  | { t: typeof T.STRUCT; fields: Field[] };
type Field = [id: number, value: Value];

const i32 = (v: number): Value => ({ t: T.I32, v });
const i64 = (v: number): Value => ({ t: T.I64, v });
const bin = (v: string): Value => ({ t: T.BINARY, v });
const list = (elem: number, items: Value[]): Value => ({ t: T.LIST, elem, items });
const struct = (...fields: Array<Field | null>): Value => ({ t: T.STRUCT, fields: fields.filter((f): f is Field => f !== null) });

function varint(out: number[], n: number): void {
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
    case T.I32:
    case T.I64:
      varint(out, zigzag(value.v));
      break;
    case T.BINARY: {
      const bytes = Buffer.from(value.v, 'utf8');
      varint(out, bytes.length);
      out.push(...bytes);
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
  return Buffer.concat(
    values.map((v) => {
      const b = Buffer.from(v, 'utf8');
      const len = Buffer.alloc(4);
      len.writeUInt32LE(b.length);
      return Buffer.concat([len, b]);
    }),
  );
}

interface Leaf {
  path: string[];
  rep: number[];
  def: number[];
  maxRep: number;
  maxDef: number;
  values: string[];
}

function leaves(columns: ParquetColumn[], rows: Row[]): Leaf[] {
  const out: Leaf[] = [];
  for (const c of columns) {
    if (c.kind === 'string') {
      const leaf: Leaf = { path: [c.name], rep: [], def: [], maxRep: 0, maxDef: 1, values: [] };
      for (const r of rows) {
        const v = r[c.name];
        if (typeof v === 'string') {
          leaf.def.push(1);
          leaf.values.push(v);
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

/** The bytes of a Parquet file holding `rows` under `columns`. */
export function writeParquet(columns: ParquetColumn[], rows: Row[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('PAR1')];
  let offset = 4;
  const columnChunks: Value[] = [];
  for (const leaf of leaves(columns, rows)) {
    const body = Buffer.concat([
      ...(leaf.maxRep > 0 ? [levels(leaf.rep, leaf.maxRep)] : []),
      levels(leaf.def, leaf.maxDef),
      plainStrings(leaf.values),
    ]);
    const header = thrift(
      struct(
        [1, i32(0)],
        [2, i32(body.length)],
        [3, i32(body.length)],
        [5, struct([1, i32(leaf.def.length)], [2, i32(0)], [3, i32(3)], [4, i32(3)])],
      ),
    );
    const start = offset;
    chunks.push(header, body);
    offset += header.length + body.length;
    const size = header.length + body.length;
    columnChunks.push(
      struct(
        [2, i64(start)],
        [
          3,
          struct(
            [1, i32(6)],
            [2, list(T.I32, [i32(0), i32(3)])],
            [3, list(T.BINARY, leaf.path.map(bin))],
            [4, i32(0)],
            [5, i64(leaf.def.length)],
            [6, i64(size)],
            [7, i64(size)],
            [9, i64(start)],
          ),
        ],
      ),
    );
  }
  const schema: Value[] = [struct([4, bin('schema')], [5, i32(columns.length)])];
  for (const c of columns) {
    if (c.kind === 'string') schema.push(struct([1, i32(6)], [3, i32(1)], [4, bin(c.name)], [6, i32(0)]));
    else {
      schema.push(struct([3, i32(1)], [4, bin(c.name)], [5, i32(1)], [6, i32(1)]));
      schema.push(struct([3, i32(2)], [4, bin('key_value')], [5, i32(2)], [6, i32(2)]));
      schema.push(struct([1, i32(6)], [3, i32(0)], [4, bin('key')], [6, i32(0)]));
      schema.push(struct([1, i32(6)], [3, i32(1)], [4, bin('value')], [6, i32(0)]));
    }
  }
  const total = offset - 4;
  const meta = thrift(
    struct(
      [1, i32(1)],
      [2, list(T.STRUCT, schema)],
      [3, i64(rows.length)],
      [4, list(T.STRUCT, [struct([1, list(T.STRUCT, columnChunks)], [2, i64(total)], [3, i64(rows.length)])])],
      [6, bin('gpu-planner tests')],
    ),
  );
  const len = Buffer.alloc(4);
  len.writeUInt32LE(meta.length);
  chunks.push(meta, len, Buffer.from('PAR1'));
  return Buffer.concat(chunks);
}
