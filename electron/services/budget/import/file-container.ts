/**
 * The container a billing file comes in (plain text, gzip, zip or Parquet), told by its first bytes, and the zip
 * reading: a stream of the archive's first file.
 */
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { Unzip, UnzipInflate } from 'fflate';
import { UserError } from '../../../../shared/domain/errors';

export type Container = 'plain' | 'gzip' | 'zip' | 'parquet';

export function detectContainer(head: Uint8Array): Container {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  if (head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31) return 'parquet';
  return 'plain';
}

/** The container of a file, from its first 4 bytes (only those are read). */
export function containerOfFile(file: string): Container {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return detectContainer(head.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
}

/** A transform that inflates the first file of a zip archive (fflate streaming Unzip; UnzipInflate is synchronous). */
export function unzipFirstEntry(): Transform {
  let chosen = false;
  let out: Transform | null = null;
  const unzip = new Unzip((entry) => {
    if (chosen || entry.name.endsWith('/')) return;
    chosen = true;
    entry.ondata = (error, data) => {
      if (error) out!.destroy(error);
      else if (data.length > 0) out!.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  out = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      try {
        unzip.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), false);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        unzip.push(new Uint8Array(0), true);
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(chosen ? null : new UserError('EMPTY_ARCHIVE', 'The zip archive holds no file to import.'));
    },
  });
  return out;
}
