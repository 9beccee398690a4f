/**
 * The text encoding of a billing file: BOM and UTF-16 sniffing, Windows-1252 (what Excel writes on Windows) for a file
 * that is not UTF-8, and a refusal with the line for UTF-8 that turns invalid — never a silent U+FFFD.
 */
import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { UserError } from '../../../../shared/domain/errors';

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows-1252';

/** UTF-8 throughout, allowing the head to end inside a multi-byte character (the rest is in the next chunk). */
function isUtf8Head(head: Buffer, whole: boolean): boolean {
  if (isUtf8(head)) return true;
  if (whole) return false;
  for (let cut = 1; cut <= 3 && cut < head.length; cut += 1) if (isUtf8(head.subarray(0, head.length - cut))) return true;
  return false;
}

/** Length of the well-formed UTF-8 multi-byte sequence at `i` (2–4), or 0. */
function utf8SequenceAt(b: Buffer, i: number): number {
  const c = b[i]!;
  const n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > b.length) return 0;
  for (let k = 1; k < n; k += 1) if ((b[i + k]! & 0xc0) !== 0x80) return 0;
  return n;
}

/**
 * A head that mixes well-formed UTF-8 characters with bytes that are not UTF-8 (say, a UTF-8 export with lines pasted
 * from a Latin-1 file): the offset of the first bad byte, or -1 when the head is one encoding throughout.
 */
export function mixedEncodingAt(head: Buffer): number {
  let sawUtf8 = false;
  let firstBad = -1;
  for (let i = 0; i < head.length - 3; i += 1) {
    if (head[i]! < 0x80) continue;
    const n = utf8SequenceAt(head, i);
    if (n > 0) {
      sawUtf8 = true;
      i += n - 1;
    } else if (firstBad < 0) firstBad = i;
    if (sawUtf8 && firstBad >= 0) return firstBad;
  }
  return -1;
}

export function sniffEncoding(head: Buffer, whole: boolean): { encoding: TextEncoding; bomBytes: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf8', bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf16le', bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf16be', bomBytes: 2 };
  // UTF-16 without BOM: every other byte zero in ASCII text.
  if (head.length >= 4 && head[1] === 0 && head[3] === 0 && head[0] !== 0) return { encoding: 'utf16le', bomBytes: 0 };
  // Not UTF-8: what Excel writes on Windows ("CSV" save) is Windows-1252, a superset of Latin-1's printable range.
  if (!isUtf8Head(head, whole)) return { encoding: 'windows-1252', bomBytes: 0 };
  return { encoding: 'utf8', bomBytes: 0 };
}

export function notUtf8Error(file: string, line: number): UserError {
  return new UserError(
    'INVALID_ENCODING',
    `line ${line}: bytes that are not UTF-8 in a file that is otherwise UTF-8. Nothing was imported: save the export again as UTF-8 throughout.`,
    { file, line, expected: 'UTF-8 text' },
  );
}

const REPLACEMENT_BYTES = Buffer.from([0xef, 0xbf, 0xbd]);

/** A text decoder for the stream; UTF-8 that turns invalid later in the file is refused, never replaced silently. */
export function textDecoder(encoding: TextEncoding, onInvalid: (validText: string) => never): { write(b: Buffer): string; end(): string } {
  if (encoding === 'utf16be') return { write: swapUtf16be, end: () => '' };
  if (encoding === 'windows-1252') {
    const decoder = new TextDecoder('windows-1252');
    return { write: (b) => decoder.decode(b, { stream: true }), end: () => decoder.decode() };
  }
  const decoder = new StringDecoder(encoding);
  const checked = (text: string, raw: Buffer) => {
    // StringDecoder writes U+FFFD for bytes that are not UTF-8: a decoded U+FFFD the bytes did not spell is one.
    const at = text.indexOf('\ufffd');
    if (encoding === 'utf8' && at >= 0 && !raw.includes(REPLACEMENT_BYTES)) onInvalid(text.slice(0, at));
    return text;
  };
  return { write: (b) => checked(decoder.write(b), b), end: () => checked(decoder.end(), Buffer.alloc(0)) };
}

function swapUtf16be(b: Buffer): string {
  const copy = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
  copy.swap16();
  return copy.toString('utf16le');
}

/** Parquet value → the text a CSV export would hold. */
