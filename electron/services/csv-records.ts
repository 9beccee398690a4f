/**
 * The records of a CSV file the user imports (csv-parse, RFC 4180, BOM allowed), each with the line it starts on — also
 * when a quoted field spans lines, with LF or CRLF line ends. A file that is not CSV is refused with the line.
 */
import { parse } from 'csv-parse/sync';
import { UserError } from '../../shared/domain/errors';

export function csvRecords(text: string, file: string): Array<{ record: string[]; line: number }> {
  try {
    const out = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, raw: true }) as unknown as Array<{
      record: string[];
      raw: string;
      info: { lines: number };
    }>;
    // info.lines is the record's last line. Its raw text may begin with the line breaks of skipped empty lines and end
    // with its own (LF files): neither is a line inside the record.
    return out.map((r) => ({
      record: r.record,
      line:
        r.info.lines -
        (r.raw
          .replace(/^[\r\n]+/, '')
          .replace(/\r?\n$/, '')
          .match(/\n/g)?.length ?? 0),
    }));
  } catch (error) {
    const e = error as { lines?: number; message: string };
    throw new UserError('CSV_SYNTAX', `${file}: not readable as CSV: ${e.message}`, { file, line: e.lines ?? 1 });
  }
}
