/**
 * What a billing read does with each record, whatever the file's container: the header chooses the row mapper, rows
 * are checked for their shape (fields beyond the header, same-named columns that disagree), mapped, counted into
 * the read summary, and their spend lines handed on in batches (awaited: back-pressure).
 */
import { duplicateColumns } from '../../../../shared/domain/billing/dialect-kit';
import { createRowMapper, MappingError, type RowError, type RowMapper } from '../../../../shared/domain/billing/dialects';
import { WarningFolder } from '../../../../shared/domain/billing/import-warnings';
import type { SpendLine } from '../../../../shared/domain/billing/spend-line';
import { UserError } from '../../../../shared/domain/errors';
import type { ReadOptions, ReadSummary } from './read-options';
import type { Container } from './file-container';

export function cancelledError(): UserError {
  return new UserError('CANCELLED', 'The import was cancelled.');
}

export class RowCollector {
  readonly summary: ReadSummary;
  private mapper: RowMapper | null = null;
  private header: string[] = [];
  /** Same-named column groups whose copies every row must agree on. */
  private checkedDuplicates: Array<{ name: string; columns: number[] }> = [];
  private batch: SpendLine[] = [];
  // Small batches and chunks keep little alive between young-generation collections (lines waiting for onBatch,
  // records of the chunk being mapped): a third of the GC time of 2000 lines per batch and 1 MiB chunks.
  private readonly batchSize: number;
  private readonly maxErrors: number;
  /** Row warnings, the same one on many lines said once with its count (added to the summary by `finish`). */
  private readonly rowWarnings = new WarningFolder();

  constructor(
    private readonly fileName: string,
    container: Container,
    totalBytes: number,
    private readonly options: ReadOptions,
    private readonly onBatch: (lines: SpendLine[]) => void | Promise<void>,
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.maxErrors = options.maxErrors ?? 1000;
    this.summary = {
      container,
      delimiter: null,
      encoding: 'utf8',
      dialect: 'generic',
      description: '',
      header: [],
      rowsRead: 0,
      totalRows: 0,
      invalidRows: 0,
      errors: [],
      errorCount: 0,
      warnings: [],
      totalBytes,
    };
  }

  get hasHeader(): boolean {
    return this.mapper !== null;
  }

  get batchFull(): boolean {
    return this.batch.length >= this.batchSize;
  }

  setHeader(header: string[]): RowMapper {
    const { summary, options } = this;
    this.header = header;
    summary.header = header;
    options.onHeader?.(
      header.map((h) => h.replace(/^\ufeff/, '').trim()),
      summary.delimiter,
    );
    let mapper: RowMapper;
    try {
      mapper = createRowMapper(header, { format: options.format, mapping: options.mapping });
    } catch (error) {
      if (error instanceof MappingError && options.onRawRecord) {
        // Preview of a file no dialect reads (the mapping dialog needs its columns): raw records only.
        this.mapper = { dialect: 'generic', description: error.message, map: () => ({ lines: [], errors: [] }) };
        summary.description = error.message;
        return this.mapper;
      }
      // The path is in `details.file` only (the CLI prints it before the message: named once).
      if (error instanceof MappingError)
        throw new UserError('UNKNOWN_FORMAT', error.message, {
          file: this.fileName,
          line: 1,
          ...(error.column ? { column: error.column } : {}),
          expected: 'a FOCUS, AWS, Azure, GCP or OCI header, or a column mapping',
        });
      throw error;
    }
    this.mapper = mapper;
    summary.dialect = mapper.dialect;
    summary.description = mapper.description;
    this.noteDuplicateColumns(header, mapper);
    return mapper;
  }

  /**
   * Two columns with one name: said once as a warning; where the import reads that name, every row is checked and
   * one whose copies differ is refused with its line (which copy holds the figure is not knowable).
   */
  private noteDuplicateColumns(header: string[], mapper: RowMapper): void {
    const groups = duplicateColumns(header);
    const read = mapper.usedColumns ? new Set(mapper.usedColumns) : null;
    this.checkedDuplicates = groups.filter((g) => read === null || g.columns.some((c) => read.has(c)));
    if (groups.length === 0) return;
    const list = groups.map((g) => `"${g.name}" (columns ${g.columns.map((c) => c + 1).join(', ')})`).join('; ');
    this.summary.warnings.push({
      line: 1,
      column: groups[0]!.name,
      message: `The header names ${groups.length === 1 ? 'a column' : `${groups.length} columns`} more than once: ${list}. Rows whose copies of a column the import reads differ are refused.`,
    });
  }

  /** The row error for a record whose duplicated columns disagree, or for a field beyond the header; null if none. */
  private shapeError(record: string[], line: number): RowError | null {
    for (const g of this.checkedDuplicates) {
      const values = g.columns.map((c) => (record[c] ?? '').trim());
      const other = values.findIndex((v) => v !== values[0]);
      if (other > 0)
        return {
          line,
          column: g.name,
          value: values[other]!.slice(0, 200),
          expected: `the same value in every column named "${g.name}"`,
          message: `"${g.name}" is "${values[0]!.slice(0, 60)}" in column ${g.columns[0]! + 1} but "${values[other]!.slice(0, 60)}" in column ${g.columns[other]! + 1}: which one is meant is unclear`,
        };
    }
    const width = this.header.length;
    for (let k = width; k < record.length; k += 1) {
      if (record[k]!.trim() === '') continue; // a trailing delimiter: an empty field beyond the header
      return {
        line,
        column: `field ${k + 1}`,
        value: record[k]!.slice(0, 200),
        expected: `at most ${width} fields, as many as the header names`,
        message: `line ${line} has ${record.length} fields but the header names ${width}; field ${k + 1} ("${record[k]!.slice(0, 60)}") has no column (a value with an unquoted delimiter shifts the columns after it)`,
      };
    }
    return null;
  }

  /** Maps one record into the batch (sync: the caller flushes full batches, so no promise per record). */
  handleRecord(record: string[], line: number): void {
    const { summary, options, header } = this;
    if (record.length === 1 && record[0]!.trim() === '') return; // blank line
    summary.rowsRead += 1;
    if (options.onRawRecord) {
      options.onRawRecord(record, line);
      if (options.signal?.aborted) throw cancelledError();
    }
    if (record.length < header.length) {
      this.rowWarnings.add({
        line,
        column: header[record.length]!.replace(/^\ufeff/, '').trim(),
        message: `a row has ${record.length} of ${header.length} fields; the missing fields are read as empty`,
      });
    }
    const misshapen = record.length > header.length || this.checkedDuplicates.length > 0 ? this.shapeError(record, line) : null;
    if (misshapen) {
      summary.invalidRows += 1;
      summary.errorCount += 1;
      if (summary.errors.length < this.maxErrors) summary.errors.push(misshapen);
      return;
    }
    const outcome = this.mapper!.map(record, line);
    if (outcome.total) {
      summary.totalRows += 1;
      return;
    }
    if (outcome.errors.length > 0) {
      summary.invalidRows += 1;
      summary.errorCount += outcome.errors.length;
      for (const e of outcome.errors) if (summary.errors.length < this.maxErrors) summary.errors.push(e);
      return;
    }
    for (const l of outcome.lines) this.batch.push(l);
  }

  /** Hands the batch on once full (awaited: back-pressure). */
  async flushFull(): Promise<void> {
    const size = this.batchSize;
    while (this.batch.length >= size) {
      if (this.options.signal?.aborted) throw cancelledError();
      const full = this.batch.length === size ? this.batch : this.batch.slice(0, size);
      this.batch = this.batch.length === size ? [] : this.batch.slice(size);
      await this.onBatch(full);
    }
  }

  /** Adds the folded row warnings to the summary (once, after the last record). */
  finish(): void {
    this.summary.warnings.push(...this.rowWarnings.list());
  }

  /** Hands on the last, partial batch. */
  async flushRest(): Promise<void> {
    if (this.batch.length === 0) return;
    if (this.options.signal?.aborted) throw cancelledError();
    await this.onBatch(this.batch);
    this.batch = [];
  }
}
