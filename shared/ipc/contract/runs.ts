/**
 * The lead's own finished runs (issue 29 item 2) in the app: list them with the corrections they make, record one typed
 * or read from a training tool's file (chosen in main, read with the CLI's reader), edit or remove one, set a correction
 * by hand, aside, or back to what the runs measure. Over the same service as `gpu-planner run …`.
 */
import { z } from 'zod';
import { RUN_FILE_FORMATS } from '../../domain/runs/run-files';
import type { ChannelMap, EventMap } from '../channel';

const id = z.string().min(1).max(200);
/** A year of hours: anything longer is a unit mistake (the service says so with the field). */
const hours = z.number().finite().positive().max(8784);
const samplesPerSecond = z.number().finite().positive().max(1e12).nullable().optional();
const fileToken = z.string().min(1).max(200);

/** What a run trained: a saved workload (Estimate screen) or a milestone's phase (Plan screen); the offering it ran on. */
const runTarget = {
  projectId: id.optional(),
  workloadId: id.optional(),
  phaseId: id.optional(),
  offeringId: id.optional(),
};

const runSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('file'), file: z.string(), format: z.enum(RUN_FILE_FORMATS) }),
]);

export const runRowSchema = z.object({
  id: z.number().int(),
  projectId: z.string(),
  workloadId: z.string(),
  workloadName: z.string(),
  workload: z.record(z.string(), z.unknown()),
  modelFamily: z.string(),
  offeringId: z.string(),
  offeringLabel: z.string(),
  gpuId: z.string(),
  hours: z.number(),
  samplesPerSecond: z.number().nullable(),
  source: runSourceSchema,
  milestoneId: z.string().nullable(),
  recordedAt: z.string(),
  /** The estimator's wall-clock hours of the run's workload on its offering now. */
  estimatedHours: z.number().nullable(),
  /** Measured over estimated. */
  ratio: z.number().nullable(),
});
export type RunRowView = z.output<typeof runRowSchema>;

export const runCorrectionSchema = z.object({
  modelFamily: z.string(),
  modelLabel: z.string(),
  offeringId: z.string(),
  offeringLabel: z.string(),
  gpuId: z.string(),
  ratio: z.number().nullable(),
  measured: z.object({ geometricMean: z.number(), min: z.number(), max: z.number(), runs: z.number().int() }).nullable(),
  override: z.number().nullable(),
  ignored: z.boolean(),
  evidence: z.array(
    z.object({ runId: z.number().int(), hours: z.number(), estimatedHours: z.number().nullable(), ratio: z.number().nullable() }),
  ),
  text: z.string(),
});
export type RunCorrectionView = z.output<typeof runCorrectionSchema>;

const billedUsageSchema = z.object({
  milestoneId: z.string(),
  phaseId: z.string(),
  label: z.string(),
  trackId: z.string(),
  start: z.string(),
  end: z.string(),
  billedGpuHours: z.number(),
  lines: z.number().int(),
  estimatedGpuHours: z.object({ low: z.number(), high: z.number() }).nullable(),
  ratio: z.number().nullable(),
  text: z.string(),
});

export const runsViewSchema = z.object({
  projectId: z.string(),
  runs: z.array(runRowSchema),
  corrections: z.array(runCorrectionSchema),
  /** Billed GPU-hours of each milestone phase against its estimate (issue 29 item 2). */
  billed: z.array(billedUsageSchema),
});
export type RunsViewData = z.output<typeof runsViewSchema>;

const recordedSchema = runsViewSchema.extend({ runIds: z.array(z.number().int()) });

/** A run file chosen in main and read (nothing recorded yet): what it holds, and the token to import it with. */
export const runFilePreviewSchema = z.object({
  /** null: the lead cancelled the dialog. */
  fileToken: z.string().nullable(),
  fileName: z.string(),
  format: z.enum(RUN_FILE_FORMATS).nullable(),
  formatLabel: z.string(),
  runs: z.array(z.object({ name: z.string().nullable(), hours: z.number(), samplesPerSecond: z.number().nullable() })),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type RunFilePreview = z.output<typeof runFilePreviewSchema>;

export const runsChannels = {
  /** The project's recorded runs (each with the estimator's hours now) and the corrections they make. */
  'runs:list': { request: z.object({ projectId: id.optional() }).strict(), response: runsViewSchema },
  /** Records one finished run typed by the lead; the project's plan estimates take the correction at once. */
  'runs:record': {
    request: z.object({ ...runTarget, hours, samplesPerSecond }).strict(),
    response: recordedSchema,
  },
  /**
   * Open dialog in main for a run file (Trainer trainer_state.json / all_results.json, Lightning metrics.csv, W&B runs
   * CSV), read with the CLI's reader: what it holds, nothing recorded. A file it cannot read is a clear error (line, column).
   */
  'runs:choose-file': { request: z.object({}).strict(), response: runFilePreviewSchema },
  /** Reads a dropped or chosen file (by its token) the same way, nothing recorded. */
  'runs:preview-file': { request: z.object({ fileToken }).strict(), response: runFilePreviewSchema },
  /** Records the runs of a chosen file (by its token). */
  'runs:import-file': {
    request: z.object({ ...runTarget, fileToken }).strict(),
    response: recordedSchema.extend({ format: z.enum(RUN_FILE_FORMATS), fileName: z.string() }),
  },
  /** Corrects a recorded run's figures. */
  'runs:edit': {
    request: z.object({ id: z.number().int().positive(), hours, samplesPerSecond }).strict(),
    response: runsViewSchema,
  },
  'runs:remove': { request: z.object({ id: z.number().int().positive() }).strict(), response: runsViewSchema },
  /** A correction (model family × offering) set by hand (`ratio`), set aside (`ignored`), or back to the runs' (`reset`). */
  'runs:set-correction': {
    request: z
      .object({
        projectId: id.optional(),
        modelFamily: id,
        offeringId: id,
        ratio: z.number().finite().positive().max(1000).nullable().optional(),
        ignored: z.boolean().optional(),
        reset: z.boolean().optional(),
      })
      .strict(),
    response: runsViewSchema,
  },
} satisfies ChannelMap;

export const runsEvents = {} satisfies EventMap;
