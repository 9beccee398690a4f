/**
 * Finished training runs read from the files training tools leave behind (issue 29 item 2), pure: the file's name and
 * text in, the runs it holds out (hours, samples per second), or a UserError naming the file, line and column.
 *
 * - Hugging Face Trainer `trainer_state.json`: `log_history[]`, whose last entry with `train_runtime` (seconds) is the
 *   run's summary (`train_samples_per_second` beside it) — what `Trainer.train()` logs when it ends.
 * - Hugging Face `all_results.json` / `train_results.json`: `train_runtime` and `train_samples_per_second` at the top
 *   (`trainer.save_metrics("train", metrics)` of the example scripts).
 * - PyTorch Lightning `CSVLogger` `metrics.csv`: one row per logged step; the elapsed time is the largest value of a
 *   time column — `train/time` or `train|time` (Lightning's `ThroughputMonitor`, seconds since training started),
 *   `time`, `elapsed_time`, `time_elapsed` or `train_runtime` — and the throughput the last `train/samples_per_sec`
 *   (or `samples_per_sec`, `train_samples_per_second`). CSVLogger writes no time by itself: a file without such a
 *   column is refused with what to log.
 * - Weights & Biases runs table export (Runs → Export CSV): one row per run, `Name`, `State` and `Runtime` (seconds)
 *   columns, summary metrics as further columns (`train/train_samples_per_second` from the Trainer's W&B callback).
 *   Rows whose State is not `finished` are left out and counted.
 */
import { UserError } from '../errors';
import { jsonErrorOffset, lineColumn, readCsvRecords } from './text-readers';

export const RUN_FILE_FORMATS = ['hf-trainer-state', 'hf-all-results', 'lightning-csv', 'wandb-csv'] as const;
export type RunFileFormat = (typeof RUN_FILE_FORMATS)[number];

export const RUN_FILE_FORMAT_LABELS: Record<RunFileFormat, string> = {
  'hf-trainer-state': 'Hugging Face Trainer trainer_state.json',
  'hf-all-results': 'Hugging Face all_results.json',
  'lightning-csv': 'PyTorch Lightning CSVLogger metrics.csv',
  'wandb-csv': 'W&B runs export CSV',
};

export interface ParsedRun {
  /** The run's name where the file gives one (a W&B row), else null. */
  name: string | null;
  hours: number;
  samplesPerSecond: number | null;
}

export interface ParsedRunFile {
  format: RunFileFormat;
  runs: ParsedRun[];
  /** Rows left out (W&B runs not finished), each with why. */
  skipped: Array<{ line: number; reason: string }>;
}

/** The longest run a file may state: a year. Anything longer is a unit mistake (milliseconds for seconds). */
const MAX_SECONDS = 366 * 24 * 3600;

export const fail = (
  file: string,
  message: string,
  where: { line?: number; column?: number | string; field?: string; expected?: string } = {},
) => new UserError('RUN_FILE_INVALID', message, { file, ...where });

function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** The line holding the first `"key"` of a JSON text (for errors about a value). */
function lineOfKey(text: string, key: string): number | undefined {
  const i = text.indexOf(`"${key}"`);
  return i < 0 ? undefined : lineColumn(text, i).line;
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    const where = offset === null ? {} : lineColumn(text, offset);
    const found = offset === null || offset >= text.length ? 'the end of the file' : JSON.stringify(text[offset]);
    throw fail(file, `is not valid JSON: ${found} where a value, a comma or a closing bracket was expected (${message.slice(0, 80)})`, {
      ...where,
      expected: 'a JSON object',
    });
  }
}

function seconds(file: string, text: string, key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_SECONDS)
    throw fail(file, `"${key}" must be the run's seconds (a number more than 0 and at most a year), not ${JSON.stringify(value)}`, {
      line: lineOfKey(text, key),
      field: key,
      expected: 'seconds, e.g. 3600.5',
    });
  return value;
}

function rate(file: string, text: string, key: string, value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw fail(file, `"${key}" must be a number of samples per second more than 0, not ${JSON.stringify(value)}`, {
      line: lineOfKey(text, key),
      field: key,
      expected: 'samples per second, e.g. 812.4',
    });
  return value;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseHfJson(file: string, text: string): ParsedRunFile {
  const doc = parseJson(file, text);
  if (!isObject(doc))
    throw fail(file, 'must hold a JSON object', { line: 1, column: 1, expected: '{"train_runtime": …} or a trainer_state.json' });
  if (Array.isArray(doc.log_history)) {
    const summary = [...doc.log_history].reverse().find((e) => isObject(e) && 'train_runtime' in e) as Record<string, unknown> | undefined;
    if (!summary)
      throw fail(file, 'has no "train_runtime" in its log_history: the Trainer writes it when train() ends; was the run finished?', {
        line: lineOfKey(text, 'log_history'),
        field: 'log_history',
        expected: 'an entry with "train_runtime"',
      });
    return trainerRun(file, text, 'hf-trainer-state', summary);
  }
  if (!('train_runtime' in doc))
    throw fail(file, 'has neither "train_runtime" nor a "log_history": expected a Trainer all_results.json or trainer_state.json', {
      line: 1,
      column: 1,
      field: 'train_runtime',
      expected: '"train_runtime": seconds',
    });
  return trainerRun(file, text, 'hf-all-results', doc);
}

const LIGHTNING_TIME = ['train/time', 'train|time', 'time', 'elapsed_time', 'time_elapsed', 'train_runtime'];
const LIGHTNING_RATE = ['train/samples_per_sec', 'train|samples_per_sec', 'samples_per_sec', 'train_samples_per_second'];
const WANDB_RATE = ['train/train_samples_per_second', 'train_samples_per_second', 'train/samples_per_sec'];

function numberCell(file: string, header: string, line: number, column: number, text: string): number | null {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'nan') return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    throw fail(file, `column "${header}" must hold a number, not "${t.slice(0, 40)}"`, {
      line,
      column,
      field: header,
      expected: 'a number',
    });
  return n;
}

function parseLightningCsv(file: string, header: string[], rows: Array<{ line: number; cells: string[] }>): ParsedRunFile {
  const lower = header.map((h) => h.trim().toLowerCase());
  const timeCol = LIGHTNING_TIME.map((k) => lower.indexOf(k)).find((i) => i >= 0);
  if (timeCol === undefined)
    throw fail(
      file,
      `has no elapsed-time column (${LIGHTNING_TIME.join(', ')}): CSVLogger logs no time by itself; add Lightning's ThroughputMonitor callback or self.log("time_elapsed", seconds)`,
      {
        line: 1,
        column: 1,
        expected: `a column ${LIGHTNING_TIME[0]}`,
      },
    );
  const rateCol = LIGHTNING_RATE.map((k) => lower.indexOf(k)).find((i) => i >= 0);
  let secondsMax = 0;
  let lastRate: number | null = null;
  for (const r of rows) {
    const t = numberCell(file, header[timeCol]!, r.line, timeCol + 1, r.cells[timeCol] ?? '');
    if (t !== null) secondsMax = Math.max(secondsMax, t);
    if (rateCol !== undefined) {
      const s = numberCell(file, header[rateCol]!, r.line, rateCol + 1, r.cells[rateCol] ?? '');
      if (s !== null && s > 0) lastRate = s;
    }
  }
  if (secondsMax <= 0)
    throw fail(file, `column "${header[timeCol]}" holds no elapsed time more than 0`, {
      line: 2,
      column: timeCol + 1,
      field: header[timeCol],
      expected: 'seconds',
    });
  if (secondsMax > MAX_SECONDS)
    throw fail(file, `column "${header[timeCol]}" says ${secondsMax} s, more than a year: seconds expected`, {
      field: header[timeCol],
      expected: 'seconds',
    });
  return { format: 'lightning-csv', runs: [{ name: null, hours: secondsMax / 3600, samplesPerSecond: lastRate }], skipped: [] };
}

function parseWandbCsv(file: string, header: string[], rows: Array<{ line: number; cells: string[] }>): ParsedRunFile {
  const col = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
  const runtime = col('runtime');
  const state = col('state');
  const name = col('name');
  const rateCol = WANDB_RATE.map((k) => col(k)).find((i) => i >= 0);
  const runs: ParsedRun[] = [];
  const skipped: ParsedRunFile['skipped'] = [];
  for (const r of rows) {
    const runState = state >= 0 ? (r.cells[state] ?? '').trim().toLowerCase() : 'finished';
    const runName = name >= 0 ? (r.cells[name] ?? '').trim() || null : null;
    if (runState !== 'finished') {
      skipped.push({ line: r.line, reason: `${runName ?? 'run'} is ${runState || 'of no state'}, not finished` });
      continue;
    }
    const s = numberCell(file, header[runtime]!, r.line, runtime + 1, r.cells[runtime] ?? '');
    if (s === null || s <= 0 || s > MAX_SECONDS)
      throw fail(file, `column "${header[runtime]}" of ${runName ?? 'this run'} must be its seconds (more than 0, at most a year)`, {
        line: r.line,
        column: runtime + 1,
        field: header[runtime],
        expected: 'seconds',
      });
    const sps = rateCol === undefined ? null : numberCell(file, header[rateCol]!, r.line, rateCol + 1, r.cells[rateCol] ?? '');
    runs.push({ name: runName, hours: s / 3600, samplesPerSecond: sps !== null && sps > 0 ? sps : null });
  }
  if (runs.length === 0)
    throw fail(
      file,
      `holds no finished run${skipped.length ? ` (${skipped.length} left out: ${skipped.map((s) => s.reason).join('; ')})` : ''}`,
      {
        line: rows[0]?.line ?? 1,
        column: state + 1,
        field: 'State',
        expected: 'a row with State "finished"',
      },
    );
  return { format: 'wandb-csv', runs, skipped };
}

/** The runs of a file, its format told by its content (JSON or CSV, and which columns it has). */
export function parseRunFile(file: string, text: string): ParsedRunFile {
  const name = baseName(file);
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed === '')
    throw fail(name, 'is empty', { line: 1, column: 1, expected: 'a trainer_state.json, all_results.json, metrics.csv or W&B CSV' });
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return parseHfJson(name, text);
  const records = readCsvRecords(name, text);
  const [head, ...rows] = records;
  if (!head || head.cells.length < 2)
    throw fail(name, 'is neither JSON nor a CSV with a header row', {
      line: 1,
      column: 1,
      expected: 'a trainer_state.json, all_results.json, metrics.csv or W&B CSV',
    });
  for (const r of rows)
    if (r.cells.length !== head.cells.length)
      throw fail(name, `row has ${r.cells.length} fields where the header has ${head.cells.length}`, {
        line: r.line,
        column: 1,
        expected: `${head.cells.length} fields`,
      });
  const lower = head.cells.map((h) => h.trim().toLowerCase());
  if (lower.includes('runtime') && (lower.includes('state') || lower.includes('name'))) return parseWandbCsv(name, head.cells, rows);
  if (lower.includes('step') || lower.includes('epoch') || LIGHTNING_TIME.some((k) => lower.includes(k)))
    return parseLightningCsv(name, head.cells, rows);
  throw fail(name, `is a CSV of neither known kind (header: ${head.cells.slice(0, 6).join(', ')})`, {
    line: 1,
    column: 1,
    expected: 'a W&B export (Name, State, Runtime) or a Lightning metrics.csv (step, epoch, a time column)',
  });
}

/** One Trainer run from the object holding its "train_runtime" (all_results.json, or trainer_state.json's last log entry). */
function trainerRun(file: string, text: string, format: 'hf-trainer-state' | 'hf-all-results', summary: Record<string, unknown>) {
  return {
    format,
    runs: [
      {
        name: null,
        hours: seconds(file, text, 'train_runtime', summary.train_runtime) / 3600,
        samplesPerSecond: rate(file, text, 'train_samples_per_second', summary.train_samples_per_second),
      },
    ],
    skipped: [],
  };
}
