/**
 * The workload JSON of docs/cli.md (`gpu-planner estimate --workload FILE`) as a zod schema, with a clear
 * message per field, plus the checks zod cannot make alone (unknown preset, sequence too long, input kind
 * that does not fit the model).
 */
import { z } from 'zod';
import { UserError } from '../domain/errors';
import { MEMORY_FORMATS, STACKS } from './calibration';
import { DATASET_FORMATS, DATASET_LOCATIONS } from './wall-clock-constants';
import { WORKLOAD_INTERCONNECTS } from './workload-interconnect';
import { findPreset, presetIds, type ModelPreset } from './presets';

const positiveInt = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be at least 1`)
    .max(1e12, `${what} is implausibly large`);
const positive = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .finite(`${what} must be finite`)
    .positive(`${what} must be more than 0`);

export const LORA_TARGETS = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'] as const;
export const OPTIMIZERS = ['adamw', 'adam', 'sgd', 'sgd-momentum', 'adafactor', 'adamw-8bit'] as const;
export const TRAINING_PRECISIONS = ['fp32', 'tf32', 'fp16', 'bf16'] as const;
export const METHODS = ['full', 'lora', 'qlora'] as const;

export const decoderConfigSchema = z
  .object({
    layers: positiveInt('decoder.layers').max(1000),
    hidden: positiveInt('decoder.hidden').max(1e6),
    heads: positiveInt('decoder.heads'),
    kvHeads: positiveInt('decoder.kvHeads').optional(),
    intermediate: positiveInt('decoder.intermediate'),
    vocab: positiveInt('decoder.vocab'),
    tiedEmbeddings: z.boolean().default(false),
    maxPositions: positiveInt('decoder.maxPositions').optional(),
  })
  .strict();

export const modelSchema = z.union(
  [
    z.object({ preset: z.string().min(1, 'model.preset must name a model of the library') }).strict(),
    z.object({ decoder: decoderConfigSchema }).strict(),
    z
      .object({
        custom: z
          .object({
            // Bounds of any real model (the largest trained have ~2e12 parameters): beyond them figures overflow.
            params: positive('custom.params').max(1e14, 'custom.params must be at most 1e14 (100 trillion parameters)'),
            forwardFlopsPerSample: positive('custom.forwardFlopsPerSample').max(
              1e21,
              'custom.forwardFlopsPerSample must be at most 1e21 FLOPs per sample',
            ),
            activationBytesPerSample: z
              .number()
              .finite()
              .nonnegative('custom.activationBytesPerSample must be 0 or more')
              .max(1e15, 'custom.activationBytesPerSample must be at most 1e15 bytes (1 PB) per sample'),
          })
          .strict(),
      })
      .strict(),
  ],
  { error: 'model must be {"preset": ID}, {"decoder": {...}} or {"custom": {...}}' },
);

export const inputSchema = z
  .object({
    windowSamples: positiveInt('input.windowSamples').max(10_000_000).optional(),
    imageSize: positiveInt('input.imageSize').min(32, 'input.imageSize must be at least 32 pixels').max(8192).optional(),
    seqLen: positiveInt('input.seqLen').max(10_000_000).optional(),
  })
  .strict()
  .refine(
    (i) => [i.windowSamples, i.imageSize, i.seqLen].filter((v) => v !== undefined).length <= 1,
    'input takes one of windowSamples, imageSize or seqLen',
  );

/** The dataset's footprint on the host (seed 001's "Est. Dataset Size" per case count): GB on disk and GB loaded in RAM. */
const datasetFootprint = {
  diskGB: positive('dataset.diskGB').max(1e7).optional(),
  hostMemoryGB: positive('dataset.hostMemoryGB').max(1e6).optional(),
  /** The data's form and place (wall-clock.ts): what the input pipeline decodes and reads, and the validation set. */
  format: z.enum(DATASET_FORMATS, { error: `dataset.format must be one of ${DATASET_FORMATS.join(', ')}` }).optional(),
  bytesPerSample: positive('dataset.bytesPerSample')
    .max(1e10, 'dataset.bytesPerSample must be at most 1e10 bytes (10 GB) per sample')
    .optional(),
  location: z.enum(DATASET_LOCATIONS, { error: `dataset.location must be one of ${DATASET_LOCATIONS.join(', ')}` }).optional(),
  validationSamples: z
    .number({ error: 'dataset.validationSamples must be a number' })
    .int('dataset.validationSamples must be a whole number')
    .nonnegative('dataset.validationSamples must be 0 or more')
    .max(1e12, 'dataset.validationSamples is implausibly large')
    .optional(),
};

/** Optional inputs of the run rules (shared/estimate/run-rules.ts): checkpoint/resume, job timeout, early stopping. */
const runRuleFields = {
  /** the training script saves a checkpoint every checkpointEveryMinutes and resumes from it after a stop. */
  resumeFromCheckpoint: z.boolean({ error: 'resumeFromCheckpoint must be true or false' }).optional(),
  /** the timeout the job is submitted with (Hugging Face Jobs `--timeout`), in hours. */
  jobTimeoutHours: positive('jobTimeoutHours').max(10_000).optional(),
  /** expected share of the epochs run before early stopping ends training (shown as its own line, never applied). */
  earlyStopping: z
    .object({
      expectedFraction: z
        .number({ error: 'earlyStopping.expectedFraction must be a number' })
        .gt(0, 'earlyStopping.expectedFraction must be more than 0')
        .max(1, 'earlyStopping.expectedFraction is a fraction of the epochs, at most 1'),
    })
    .strict()
    .optional(),
};

export const workloadSchema = z
  .object({
    name: z.string().max(200).optional(),
    model: modelSchema,
    input: inputSchema.default({}),
    batchSize: positiveInt('batchSize').max(1_000_000),
    precision: z.enum(TRAINING_PRECISIONS, { error: `precision must be one of ${TRAINING_PRECISIONS.join(', ')}` }).default('bf16'),
    method: z.enum(METHODS, { error: `method must be one of ${METHODS.join(', ')}` }).default('full'),
    lora: z
      .object({
        rank: positiveInt('lora.rank').max(4096).default(16),
        targets: z
          .array(z.enum(LORA_TARGETS, { error: `lora.targets entries must be among ${LORA_TARGETS.join(', ')}` }))
          .min(1, 'lora.targets needs at least one layer')
          .default(['q', 'k', 'v', 'o']),
      })
      .strict()
      .optional(),
    gradientCheckpointing: z.boolean().default(false),
    optimizer: z.enum(OPTIMIZERS, { error: `optimizer must be one of ${OPTIMIZERS.join(', ')}` }).default('adamw'),
    gpuCount: positiveInt('gpuCount').max(4096).default(1),
    /** machines the gpuCount GPUs are spread over (data parallel across nodes uses the node network). */
    nodeCount: positiveInt('nodeCount').max(1024).default(1),
    /** the machine's GPU-to-GPU link (interconnect.ts WORKLOAD_LINKS), used where the offering states none. */
    interconnect: z.enum(WORKLOAD_INTERCONNECTS, { error: `interconnect must be one of ${WORKLOAD_INTERCONNECTS.join(', ')}` }).optional(),
    /** PCIe peer-to-peer between the GPUs (GeForce cards: none; copies go through host memory); with a pcie interconnect. */
    p2p: z.boolean({ error: 'p2p must be true or false' }).optional(),
    /** software stack: eager PyTorch (default), torch.compile, or fused kernels + CUDA graphs. */
    stack: z.enum(STACKS, { error: `stack must be one of ${STACKS.join(', ')}` }).default('eager'),
    /** memory format of a 2-D convnet's tensors: channels-last (NHWC, as measured) or NCHW (PyTorch's default). */
    memoryFormat: z.enum(MEMORY_FORMATS, { error: `memoryFormat must be one of ${MEMORY_FORMATS.join(', ')}` }).default('channels-last'),
    dataset: z
      .union(
        [
          z.object({ samples: positiveInt('dataset.samples'), ...datasetFootprint }).strict(),
          z.object({ tokens: positiveInt('dataset.tokens').max(1e16), ...datasetFootprint }).strict(),
        ],
        { error: 'dataset must be {"samples": N} or {"tokens": N} with N at least 1' },
      )
      .optional(),
    epochs: positive('epochs').max(100_000).optional(),
    /** samples per second the data loader can deliver (all GPUs together); caps the training throughput. */
    inputPipelineSamplesPerSecond: positive('inputPipelineSamplesPerSecond')
      .min(0.001, 'inputPipelineSamplesPerSecond must be at least 0.001 samples per second')
      .max(1e9, 'inputPipelineSamplesPerSecond must be at most 1e9 samples per second')
      .optional(),
    /** spot runs: minutes between checkpoints (expected rework after an interruption is half of it). */
    checkpointEveryMinutes: positive('checkpointEveryMinutes').max(10_000).default(30),
    ...runRuleFields,
  })
  .strict()
  .refine((w) => w.p2p === undefined || (w.interconnect ?? '').startsWith('pcie'), {
    message: 'p2p applies to a PCIe interconnect: give "interconnect": "pcie3", "pcie4" or "pcie5" with it',
    path: ['p2p'],
  });

export type WorkloadInput = z.input<typeof workloadSchema>;
export type Workload = z.output<typeof workloadSchema>;

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.') || '(workload)';
}

/** Parses and checks a workload; throws a UserError naming the field (and the file where given). */
export function parseWorkload(value: unknown, file?: string): Workload {
  const parsed = workloadSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap((issue) =>
      issue.code === 'invalid_union' && pathOf(issue) === 'dataset'
        ? datasetFieldProblems(value)
        : [{ field: pathOf(issue), message: unknownKeyMessage(issue) }],
    );
    const first = problems[0]!;
    throw new UserError('INVALID_WORKLOAD', `${first.field}: ${first.message}`, {
      ...(file ? { file } : {}),
      field: first.field,
      problems,
    });
  }
  checkWorkload(parsed.data, file);
  return parsed.data;
}

/** The dataset is a union ({samples} or {tokens}); a bad shared field (format, location, …) is named, not the union. */
const datasetFieldsSchema = z.object(datasetFootprint);
function datasetFieldProblems(value: unknown): Array<{ field: string; message: string }> {
  const dataset = value && typeof value === 'object' ? (value as { dataset?: unknown }).dataset : undefined;
  const fields = dataset && typeof dataset === 'object' ? datasetFieldsSchema.safeParse(dataset) : null;
  if (fields && !fields.success) return fields.error.issues.map((issue) => ({ field: `dataset.${pathOf(issue)}`, message: issue.message }));
  return [{ field: 'dataset', message: 'dataset must be {"samples": N} or {"tokens": N} with N at least 1' }];
}

function unknownKeyMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return issue.message;
}

function fail(field: string, message: string, file?: string, expected?: string): never {
  throw new UserError('INVALID_WORKLOAD', `${field}: ${message}`, {
    ...(file ? { file } : {}),
    field,
    ...(expected ? { expected } : {}),
    problems: [{ field, message }],
  });
}

/** The checks that need the model library. */
export function checkWorkload(w: Workload, file?: string): ModelPreset | null {
  let preset: ModelPreset | null = null;
  if ('preset' in w.model) {
    preset = findPreset(w.model.preset) ?? null;
    if (!preset)
      fail('model.preset', `unknown preset "${w.model.preset}"; known: ${presetIds().join(', ')}`, file, 'a preset id of the library');
  }
  if ('decoder' in w.model) {
    const d = w.model.decoder;
    if (d.hidden % d.heads !== 0) fail('model.decoder.heads', `hidden (${d.hidden}) must be a multiple of heads (${d.heads})`, file);
    if (d.kvHeads !== undefined && (d.kvHeads > d.heads || d.heads % d.kvHeads !== 0))
      fail('model.decoder.kvHeads', `kvHeads (${d.kvHeads}) must divide heads (${d.heads})`, file);
  }
  const family = preset?.family ?? ('decoder' in w.model ? 'decoder' : 'custom');
  const i = w.input;
  if (family === 'cnn1d' && (i.imageSize !== undefined || i.seqLen !== undefined))
    fail('input', 'this 1-D model takes input.windowSamples', file, 'windowSamples');
  if ((family === 'cnn2d' || family === 'vit') && (i.windowSamples !== undefined || i.seqLen !== undefined))
    fail('input', 'this image model takes input.imageSize', file, 'imageSize');
  if ((family === 'encoder' || family === 'decoder') && (i.windowSamples !== undefined || i.imageSize !== undefined))
    fail('input', 'this language model takes input.seqLen', file, 'seqLen');
  if (family === 'vit' && i.imageSize !== undefined && preset && preset.arch.kind === 'vit' && i.imageSize % preset.arch.patch !== 0)
    fail('input.imageSize', `must be a multiple of the patch size ${preset.arch.patch}`, file);
  if (family === 'cnn1d' && i.windowSamples !== undefined && i.windowSamples < 32)
    fail('input.windowSamples', 'must be at least 32 samples for a 1-D ResNet (5 stride-2 stages)', file);
  const maxSeq = preset?.maxInput?.seqLen ?? ('decoder' in w.model ? w.model.decoder.maxPositions : undefined);
  if (i.seqLen !== undefined && maxSeq !== undefined && i.seqLen > maxSeq)
    fail(
      'input.seqLen',
      `${i.seqLen} is longer than the ${maxSeq} tokens ${preset ? preset.id : 'the model'} allows`,
      file,
      `at most ${maxSeq}`,
    );
  if (w.method !== 'full' && family !== 'decoder' && family !== 'encoder' && family !== 'vit')
    fail('method', `${w.method} applies to transformer models; use "full" for ${preset?.id ?? 'this model'}`, file, 'full');
  if (w.method === 'full' && w.lora) fail('lora', 'lora settings need method "lora" or "qlora"', file);
  if (w.dataset && 'tokens' in w.dataset && family !== 'decoder' && family !== 'encoder')
    fail('dataset.tokens', 'a token count needs a language model; give dataset.samples', file, 'samples');
  if (w.nodeCount > w.gpuCount)
    fail('nodeCount', `${w.nodeCount} nodes need at least as many GPUs (gpuCount is ${w.gpuCount})`, file, `at most ${w.gpuCount}`);
  if (w.gpuCount % w.nodeCount !== 0)
    fail('nodeCount', `gpuCount ${w.gpuCount} does not split evenly over ${w.nodeCount} nodes`, file, 'a divisor of gpuCount');
  if ((w.dataset === undefined) !== (w.epochs === undefined) && w.epochs !== undefined)
    fail('dataset', 'epochs is given but dataset is not', file, '{"samples": N}');
  return preset;
}
