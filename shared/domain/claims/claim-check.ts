/**
 * How a source document's claim is re-derived: the author's figure with its unit and the inputs the app needs to
 * compute its own figure (a workload on a GPU or offering, a catalog price, a datasheet ratio, the plan's checks, or
 * the document's own arithmetic). The app's figure is never stored: `evaluateClaim` computes it from the current
 * estimator, catalog and plan checks, and `verdictFor` turns the two figures into the verdict.
 */
import { z } from 'zod';

/**
 * `restates`: the app's figure is a catalog row whose source is the very document the claim quotes, so the agreement
 * says nothing (the app "restates the catalog's source", issue 31 item 3).
 */
export const VERDICTS = ['wrong', 'doubtful', 'inconsistent', 'unverified', 'restates', 'ok'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A figure the author gives: a point (low = high) or a range, with its unit. */
export const authorFigureSchema = z.object({ low: z.number(), high: z.number(), unit: z.string().min(1) });
export type AuthorFigure = z.infer<typeof authorFigureSchema>;

/** A workload as the estimator reads it (validated by the estimator itself when the claim is evaluated). */
const workloadSchema = z.record(z.string(), z.unknown());

/** Which seed inputs the check had to assume; a figure resting on assumed inputs can be doubtful, never wrong. */
const inputsSchema = {
  /** false when an input that moves the figure (dataset size, epochs) is not in the source and was assumed. */
  inputsStated: z.boolean(),
  /** the inputs taken from the source and the ones assumed, in words. */
  inputsNote: z.string().min(1),
};

export const ESTIMATE_METRICS = ['hours', 'usd', 'peak-gib', 'state-gib', 'params-millions'] as const;

export const claimCheckSchema = z.discriminatedUnion('kind', [
  z.object({
    /** a figure of the estimator for one workload on one GPU (or the cost on one offering and price kind). */
    kind: z.literal('estimate'),
    metric: z.enum(ESTIMATE_METRICS),
    workload: workloadSchema,
    gpuId: z.string().min(1),
    offeringId: z.string().min(1).optional(),
    priceKind: z.string().min(1).optional(),
    /** multiplies the estimator's figure (e.g. runs). */
    times: z.number().positive().optional(),
    authorFigure: authorFigureSchema,
    ...inputsSchema,
  }),
  z.object({
    /** whether the workload fits the GPU's memory (author: fits or not). */
    kind: z.literal('fits'),
    workload: workloadSchema,
    gpuId: z.string().min(1),
    authorFits: z.boolean(),
    /**
     * a part of the model the estimator does not count (PRS-Med's TinySAM branch on 1024×1024 images): it can only add
     * memory, so "fits" is at best doubtful while "does not fit" stands (verdict.ts).
     */
    unmodelled: z.string().min(1).optional(),
    ...inputsSchema,
  }),
  z.object({
    /** how many times faster `fastGpuId` trains the workload than `slowGpuId` (hours slow ÷ hours fast). */
    kind: z.literal('speed-ratio'),
    workload: workloadSchema,
    /** overrides of the workload on the slow GPU (e.g. fp16 where it has no bf16, or the unchanged fp32 twin). */
    slowWorkload: workloadSchema.optional(),
    slowGpuId: z.string().min(1),
    fastGpuId: z.string().min(1),
    authorFigure: authorFigureSchema,
    ...inputsSchema,
  }),
  z.object({
    /** a ratio of two GPUs' datasheet figures in the catalog (e.g. dense fp16 tensor TFLOP/s). */
    kind: z.literal('datasheet-ratio'),
    field: z.enum(['fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'memoryBandwidthGBs', 'memoryGiB']),
    numeratorGpuId: z.string().min(1),
    denominatorGpuId: z.string().min(1),
    authorFigure: authorFigureSchema,
  }),
  z.object({
    /** the catalog's current price of an offering (per hour or month). */
    kind: z.literal('price'),
    offeringId: z.string().min(1),
    priceKind: z.string().min(1),
    authorFigure: authorFigureSchema,
  }),
  z.object({
    /**
     * what a reservation the document prices per hour used really costs: the app's commitment model (term × 8,760 h ×
     * the catalog's reserved rate, paid whether used or not; shared/domain/reserved.ts) for the hours the document
     * uses, per month or for the whole project, plus the document's own extras (storage).
     */
    kind: z.literal('commitment'),
    offeringId: z.string().min(1),
    /** a reserved price kind (`reserved-1y`, `reserved-3y`). */
    priceKind: z.string().regex(/^reserved-\d+y$/),
    /** `month`: hours used a month, the commitment spread over the term's months; `project`: hours of one project. */
    period: z.enum(['month', 'project']),
    hoursUsed: z.number().positive(),
    /** what the document adds per period (a disk a month), in its own figures. */
    extras: z.array(z.object({ text: z.string().min(1), usd: z.number().nonnegative() })).optional(),
    authorFigure: authorFigureSchema,
  }),
  z.object({
    /** figures the document gives for the same quantity (stated, or as a product of its own numbers) must agree. */
    kind: z.literal('consistency'),
    unit: z.string().min(1),
    /** relative tolerance where the document rounds (default 1%). */
    tolerance: z.number().positive().max(0.2).optional(),
    /** each a stated value, or the sum of products of the document's own numbers (`terms`). */
    values: z
      .array(
        z
          .object({ text: z.string().min(1), value: z.number().optional(), terms: z.array(z.array(z.number()).min(1)).min(1).optional() })
          .refine((v) => (v.value === undefined) !== (v.terms === undefined), 'give either value or terms'),
      )
      .min(2),
  }),
  z.object({
    /** the document names its choice (of hardware, say) for one case in two places: both must name the same. */
    kind: z.literal('same-choice'),
    /** the case both statements answer (e.g. "a 1-3B model"). */
    subject: z.string().min(1),
    statements: z.array(z.object({ text: z.string().min(1), choices: z.array(z.string().min(1)).min(1) })).min(2),
  }),
  z.object({
    /** the document's runs × hours per run must fit the GPU-hours of its own dates. */
    kind: z.literal('capacity'),
    runs: z.object({ low: z.number(), high: z.number() }),
    hoursPerRun: z.object({ low: z.number(), high: z.number() }),
    window: z.object({ start: z.string(), end: z.string(), gpus: z.number().int().positive() }),
  }),
  z.object({
    /** the claim's text says the plan's checks flag something: flagged → inconsistent, no longer flagged → ok. */
    kind: z.literal('plan-check'),
    problemKind: z.string().min(1),
    milestoneId: z.string().min(1).optional(),
  }),
  z.object({
    /** nothing the app can compute (yet): the verdict is `unverified`. */
    kind: z.literal('none'),
    reason: z.string().min(1),
  }),
]);
export type ClaimCheck = z.infer<typeof claimCheckSchema>;

/**
 * What the claim's explanation says about the plan's checks ("the plan's check flags it" / "no check flags it"):
 * verified against the checks of the plan as it is now, so the text cannot silently go stale.
 */
export const checksSaySchema = z.object({
  problemKind: z.string().min(1),
  milestoneId: z.string().min(1).optional(),
  flagged: z.boolean(),
});
export type ChecksSay = z.infer<typeof checksSaySchema>;

/** Where the claim sits in the seeds (for docs/seed-coverage.md). */
export const claimSourceSchema = z.object({ seed: z.string().regex(/^\d{3}$/), lines: z.array(z.number().int().positive()).min(1) });
