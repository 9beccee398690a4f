/**
 * Wall-clock time to a trained model (issue 29 item 1): setup (environment, copying the data) + per epoch the slower of
 * the GPU step and the input pipeline + validation passes + checkpoint writes + restarts after session limits. The
 * input pipeline comes from the machine's vCPUs and storage and the dataset's form (workload `dataset.format`,
 * `bytesPerSample`, `location`, `validationSamples`), with the sourced defaults of wall-clock-constants.ts.
 * Pure: no Node, DOM or Electron.
 */
import type { ExplanationLine } from './training-run-types';
import { round } from './units';
import {
  COPIED_FIRST,
  DECODE_PER_CORE,
  DEFAULT_BYTES_PER_SAMPLE,
  STORAGE_MB_PER_S,
  WALL_CLOCK_DEFAULTS,
  type DatasetFormat,
  type DatasetLocation,
} from './wall-clock-constants';
import type { Workload } from './workload';

export interface WallClockBreakdown {
  setupHours: number;
  trainingHours: number;
  validationHours: number;
  checkpointHours: number;
  restartHours: number;
}

export interface WallClock {
  /** wall-clock hours to a trained model: the sum of the breakdown. */
  hours: number;
  /** GPU-only hours: the training samples at the GPU's rate, data already on the GPU. */
  gpuHours: number;
  breakdown: WallClockBreakdown;
  /** which is slower per epoch: the GPU step or the input pipeline. */
  bound: 'gpu' | 'input';
  inputSamplesPerSecond: number;
  format: DatasetFormat;
  location: DatasetLocation;
  vcpus: number;
  /** true when the workload describes its data (format, location, bytes or validation set): costs then use `hours`. */
  described: boolean;
  /** each part as an explanation line with its bound in words (empty on an offering's wall clock: the GPU's has them). */
  lines: ExplanationLine[];
}

export interface WallClockMachine {
  vcpus: number | null;
  /** the provider's session limit (Colab: 24 h), null without one. */
  sessionHours: number | null;
  /** the offering runs in a notebook whose data lives on Google Drive by default (Colab). */
  driveByDefault?: boolean;
  label?: string;
}

export interface WallClockRun {
  family: string;
  /** trained parameters (the checkpoint holds them with their optimizer state). */
  trainableParams: number;
  /** tokens per sample of a language model, else null. */
  tokensPerSample: number | null;
  /** samples per second of the GPUs alone (all GPUs together). */
  gpuSamplesPerSecond: number;
}

const HOUR = 3600;

/** Whether the workload says anything about the data beyond its size (then costs use the wall-clock hours). */
export function datasetDescribed(w: Workload): boolean {
  const d = w.dataset;
  if (!d) return false;
  return d.format !== undefined || d.location !== undefined || d.bytesPerSample !== undefined || d.validationSamples !== undefined;
}

function defaultFormat(family: string): DatasetFormat {
  if (family === 'cnn2d' || family === 'vit') return 'jpeg';
  if (family === 'encoder' || family === 'decoder') return 'tokens';
  return 'array';
}

function fmtH(hours: number): string {
  if (hours < 1 / 60) return `${round(hours * 3600, 2)} s`;
  if (hours < 1) return `${round(hours * 60, 2)} min`;
  return `${round(hours, 3)} h`;
}

function fmtRate(n: number): string {
  return n >= 100 ? String(Math.round(n)) : String(round(n, 3));
}

/** The wall-clock time of one run of the workload on a machine, or null without dataset and epochs. */
export function wallClock(w: Workload, run: WallClockRun, machine: WallClockMachine, withLines = true): WallClock | null {
  const d = w.dataset;
  if (!d || w.epochs === undefined || !(run.gpuSamplesPerSecond > 0)) return null;
  const samples = 'samples' in d ? d.samples : d.tokens / Math.max(1, run.tokensPerSample ?? 1);
  const validation = d.validationSamples ?? 0;
  const format = d.format ?? defaultFormat(run.family);
  const location: DatasetLocation = d.location ?? (machine.driveByDefault ? 'drive' : 'local');
  const vcpus = machine.vcpus ?? WALL_CLOCK_DEFAULTS.vcpus.value;
  const bytesPerSample =
    d.bytesPerSample ??
    (d.diskGB !== undefined && 'samples' in d
      ? (d.diskGB * 1e9) / d.samples
      : format === 'tokens'
        ? 2 * (run.tokensPerSample ?? 512)
        : format === 'array'
          ? 4 * (w.input.windowSamples ?? 1000)
          : DEFAULT_BYTES_PER_SAMPLE[format].value);

  // Input pipeline: decode on the vCPUs, read from where the data sits during training (copied-first data is local).
  const decode = DECODE_PER_CORE[format];
  const decodeRate = vcpus * decode.value;
  const readLocation: DatasetLocation = COPIED_FIRST.has(location) ? 'local' : location;
  const readRate = (STORAGE_MB_PER_S[readLocation].value * 1e6) / bytesPerSample;
  const pipelineRate = Math.min(decodeRate, readRate);
  const stated = w.inputPipelineSamplesPerSecond;
  const inputRate = stated ?? pipelineRate;
  const gpuRate = run.gpuSamplesPerSecond;
  const bound: WallClock['bound'] = inputRate < gpuRate ? 'input' : 'gpu';
  const epochRate = Math.min(gpuRate, inputRate);

  const gpuHours = (samples * w.epochs) / gpuRate / HOUR;
  const trainingHours = (samples * w.epochs) / epochRate / HOUR;
  const validationRate = Math.min(gpuRate / WALL_CLOCK_DEFAULTS.validationCostShare.value, inputRate);
  const validationHours = (validation * Math.ceil(w.epochs)) / validationRate / HOUR;

  const copyMBps = STORAGE_MB_PER_S[location].value;
  const dataBytes = (samples + validation) * bytesPerSample;
  const copyHours = COPIED_FIRST.has(location) ? dataBytes / (copyMBps * 1e6) / HOUR : 0;
  const envHours = WALL_CLOCK_DEFAULTS.setupMinutes.value / 60;
  const setupHours = envHours + copyHours;

  // Checkpoints: weights + optimizer state every checkpointEveryMinutes, written where the data is kept.
  const checkpointBytes = run.trainableParams * WALL_CLOCK_DEFAULTS.checkpointBytesPerParam.value;
  const runHours = trainingHours + validationHours;
  const checkpoints = Math.max(1, Math.floor((runHours * 60) / w.checkpointEveryMinutes));
  const writeHours = checkpointBytes / (copyMBps * 1e6) / HOUR;
  const checkpointHours = checkpoints * writeHours;

  // Restarts: a session that ends (Colab 24 h) restarts the environment and copies the data again, and loses the work
  // since the last checkpoint (half an interval on average) — with a resume from checkpoints; without, the run cannot finish.
  const session = machine.sessionHours;
  const beforeRestarts = setupHours + runHours + checkpointHours;
  const restarts = session && session > setupHours ? Math.max(0, Math.ceil(beforeRestarts / (session - setupHours)) - 1) : 0;
  const lostHours = w.checkpointEveryMinutes / 2 / 60;
  const restartHours = w.resumeFromCheckpoint === false ? 0 : restarts * (setupHours + lostHours);

  const breakdown: WallClockBreakdown = { setupHours, trainingHours, validationHours, checkpointHours, restartHours };
  const hours = setupHours + trainingHours + validationHours + checkpointHours + restartHours;
  const described = datasetDescribed(w);
  const result: WallClock = {
    hours: round(hours, 5),
    gpuHours: round(gpuHours, 5),
    breakdown: {
      setupHours: round(setupHours, 5),
      trainingHours: round(trainingHours, 5),
      validationHours: round(validationHours, 5),
      checkpointHours: round(checkpointHours, 5),
      restartHours: round(restartHours, 5),
    },
    bound,
    inputSamplesPerSecond: round(inputRate),
    format,
    location,
    vcpus,
    described,
    lines: [],
  };
  if (!withLines) return result;
  const unit = decode.unit;
  const boundWords =
    bound === 'input'
      ? stated !== undefined
        ? `input-bound: the data loader delivers ${fmtRate(inputRate)} samples/s (inputPipelineSamplesPerSecond), the GPU${w.gpuCount > 1 ? 's' : ''} could take ${fmtRate(gpuRate)}`
        : decodeRate <= readRate
          ? `input-bound: ${vcpus} vCPUs decode about ${fmtRate(decodeRate)} ${unit}/s, the GPU${w.gpuCount > 1 ? 's' : ''} could take ${fmtRate(gpuRate)}`
          : `input-bound: ${readLocation} storage reads about ${fmtRate(readRate)} samples/s (${STORAGE_MB_PER_S[readLocation].value} MB/s ÷ ${Math.round(bytesPerSample)} B), the GPU${w.gpuCount > 1 ? 's' : ''} could take ${fmtRate(gpuRate)}`
      : `GPU-bound: the GPU${w.gpuCount > 1 ? 's take' : ' takes'} ${fmtRate(gpuRate)} samples/s, the input pipeline delivers about ${fmtRate(inputRate)} (${vcpus} vCPUs × ${decode.value} ${unit}/s, ${readLocation} storage)`;

  const lines: ExplanationLine[] = [
    {
      label: 'Wall-clock hours',
      value: `${fmtH(hours)} to a trained model (GPU only: ${fmtH(gpuHours)})`,
      formula: `setup + training + validation + checkpoints + restarts${described ? '' : ' — the dataset gives no format or location: defaults below; costs use the GPU-only hours until it does'}`,
    },
    {
      label: 'Setup',
      value: fmtH(setupHours),
      formula: `environment ${WALL_CLOCK_DEFAULTS.setupMinutes.value} min (${WALL_CLOCK_DEFAULTS.setupMinutes.source})${copyHours > 0 ? ` + copy ${round(dataBytes / 1e9, 3)} GB from ${location} at ${copyMBps} MB/s = ${fmtH(copyHours)} (${STORAGE_MB_PER_S[location].source})` : ''}`,
    },
    {
      label: 'Training',
      value: `${fmtH(trainingHours)} — ${boundWords}`,
      formula: `${samples} samples × ${w.epochs} epochs ÷ min(GPU ${fmtRate(gpuRate)}, input ${fmtRate(inputRate)}) samples/s; GPU only ${fmtH(gpuHours)}. Decode: ${decode.value} ${unit}/s per vCPU (${decode.source})${machine.vcpus === null ? `; vCPUs: ${WALL_CLOCK_DEFAULTS.vcpus.source}` : ''}`,
    },
    {
      label: 'Validation',
      value: validation > 0 ? fmtH(validationHours) : '0 (no dataset.validationSamples)',
      formula: `${validation} samples × ${Math.ceil(w.epochs)} epochs ÷ ${fmtRate(validationRate)} samples/s (forward only, ${WALL_CLOCK_DEFAULTS.validationCostShare.source})`,
    },
    {
      label: 'Checkpoints',
      value: fmtH(checkpointHours),
      formula: `${checkpoints} write${checkpoints === 1 ? '' : 's'} (every ${w.checkpointEveryMinutes} min) × ${round(checkpointBytes / 1e9, 3)} GB (${WALL_CLOCK_DEFAULTS.checkpointBytesPerParam.source}) at ${copyMBps} MB/s`,
    },
    {
      label: 'Restarts',
      value:
        restarts === 0
          ? '0'
          : w.resumeFromCheckpoint === false
            ? `${restarts} session end${restarts > 1 ? 's' : ''} and no resume: the run cannot finish`
            : `${fmtH(restartHours)} — ${restarts} session restart${restarts > 1 ? 's' : ''}`,
      formula: session
        ? `sessions of ${session} h${machine.label ? ` (${machine.label})` : ''}: each restart repeats setup ${fmtH(setupHours)} and loses half a checkpoint interval (${fmtH(lostHours)}); spot evictions are added on the spot price's row`
        : "no session limit; spot evictions are added on the spot price's row",
    },
  ];
  result.lines = lines;
  return result;
}
