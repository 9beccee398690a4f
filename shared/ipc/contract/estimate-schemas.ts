/**
 * The estimation engine's answer (shared/estimate, `WorkloadEstimate`) as a zod schema, so that `estimate:run`'s
 * response is checked field by field; the type checks at the end keep the schema equal to the engine's types.
 */
import { RUN_RULE_KINDS } from '../../estimate/run-rules';
import { z } from 'zod';
import { PRICE_KINDS, PRICE_UNITS } from '../../domain/catalog';
import type { PresetFamily } from '../../estimate/model-profile';
import { MEMORY_FORMATS, STACKS } from '../../estimate/calibration';
import type { EfficiencyConstants } from '../../estimate/calibration';
import type { OfferingCost } from '../../estimate/cost';
import type { GpuEstimate, LeftOutPrice, RankedRow, WorkloadEstimate } from '../../estimate/estimate';
import { ARCH_FAMILIES } from '../../estimate/interconnect';
import type { ExplanationLine, MemoryEstimate, ScalingEstimate, ThroughputEstimate } from '../../estimate/training-run-types';
import { workloadSchema } from '../../estimate/workload';
import type { WallClock } from '../../estimate/wall-clock';
import { DATASET_FORMATS, DATASET_LOCATIONS } from '../../estimate/wall-clock-constants';
import type { Assert, Equals } from '../type-check';

const numbers = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);

export const PRESET_FAMILIES = ['cnn1d', 'cnn2d', 'vit', 'encoder', 'decoder', 'custom'] as const;
export const presetFamilySchema = z.enum(PRESET_FAMILIES);

const memoryEstimateSchema = z.object({
  peakGiB: z.number(),
  weightsGiB: z.number(),
  gradientsGiB: z.number(),
  optimizerGiB: z.number(),
  activationsGiB: z.number(),
  logitsGiB: z.number(),
  workspaceGiB: z.number(),
  requiredGiB: z.number(),
  gpuMemoryGiB: z.number(),
});

const scalingEstimateSchema = z.object({
  gpuCount: z.number(),
  nodeCount: z.number(),
  efficiency: z.number(),
  link: z.string(),
  network: z.string().nullable(),
  allReduceSeconds: z.number(),
  hiddenSeconds: z.number(),
  exposedSeconds: z.number(),
  syncSeconds: z.number(),
  limit: z.string(),
});

const throughputEstimateSchema = z.object({
  samplesPerSecond: z.number(),
  tokensPerSecond: z.number().nullable(),
  stepSeconds: z.number(),
  bound: z.enum(['compute', 'memory', 'overhead']),
  effectiveSamplesPerSecond: z.number(),
  computeSeconds: z.number(),
  memorySeconds: z.number(),
  overheadSeconds: z.number(),
  communicationSeconds: z.number(),
  flopsPerStep: z.number(),
  bytesPerStep: z.number(),
  microBatch: z.number(),
  accumulationSteps: z.number(),
  stack: z.enum(STACKS),
  memoryFormat: z.enum(MEMORY_FORMATS).nullable(),
  samplesPerSecondLow: z.number(),
  samplesPerSecondHigh: z.number(),
  uncertainty: z.object({ regime: z.string(), basis: z.string() }),
  evidence: z.object({ kind: z.enum(['measured', 'no-measurement']), reason: z.string() }),
  scaling: scalingEstimateSchema.nullable(),
});

const explanationLineSchema = z.object({ label: z.string(), value: z.string(), formula: z.string().optional() });

const offeringCostSchema = z.object({
  offeringId: z.string(),
  providerName: z.string(),
  sku: z.string(),
  gpuId: z.string(),
  gpuCount: z.number(),
  priceKind: z.enum(PRICE_KINDS),
  usd: z.number(),
  usdLow: z.number().nullable(),
  usdHigh: z.number().nullable(),
  hours: z.number(),
  price: z.object({ usd: z.number(), per: z.enum(PRICE_UNITS), asOf: z.string(), source: z.string() }),
  asOf: z.string(),
  source: z.string(),
  basis: z.string(),
  powerWatts: z.number().optional(),
  reserved: z
    .object({
      termYears: z.number(),
      commitmentUsd: z.number(),
      hoursUsed: z.number(),
      utilisation: z.number(),
      breakEvenUtilisation: z.number().nullable(),
    })
    .optional(),
});

const runRuleNotesShape = {
  runRules: z.array(z.object({ kind: z.enum(RUN_RULE_KINDS), severity: z.enum(['error', 'warning']), message: z.string() })).optional(),
  earlyStopping: z
    .object({
      expectedFraction: z.number(),
      hoursSaved: z.number(),
      usdSaved: z.string().nullable(),
      hoursWith: z.number(),
      usdWith: z.string().nullable(),
      savedText: z.string(),
      text: z.string(),
    })
    .optional(),
};

const wallClockSchema = z.object({
  hours: z.number(),
  gpuHours: z.number(),
  breakdown: numbers(['setupHours', 'trainingHours', 'validationHours', 'checkpointHours', 'restartHours']),
  bound: z.enum(['gpu', 'input']),
  inputSamplesPerSecond: z.number(),
  format: z.enum(DATASET_FORMATS),
  location: z.enum(DATASET_LOCATIONS),
  vcpus: z.number(),
  described: z.boolean(),
  lines: z.array(explanationLineSchema),
});

const offeringSetupSchema = z.object({
  gpusPerInstance: z.number(),
  instances: z.number(),
  gpus: z.number(),
  workloadGpus: z.number(),
  samplesPerSecond: z.number(),
  label: z.string(),
  text: z.string(),
});

const pricedOfferingSchema = offeringCostSchema.extend({
  ...runRuleNotesShape,
  wallClock: wallClockSchema.nullable().optional(),
  setup: offeringSetupSchema.optional(),
});

const gpuEstimateSchema = z.object({
  gpuId: z.string(),
  gpuName: z.string(),
  gpuCount: z.number(),
  fits: z.boolean(),
  largestBatch: z.number(),
  memory: memoryEstimateSchema,
  throughput: throughputEstimateSchema,
  training: z.object({ hours: z.number(), wallClock: wallClockSchema.nullable(), offerings: z.array(pricedOfferingSchema) }).optional(),
  notes: z.array(z.string()),
  explanation: z.array(explanationLineSchema),
});

const rankedRowSchema = offeringCostSchema.extend({
  ...runRuleNotesShape,
  wallClock: wallClockSchema.nullable().optional(),
  setup: offeringSetupSchema.optional(),
  gpuHours: z.number().optional(),
  key: z.string(),
  fits: z.boolean(),
  trainingHours: z.number(),
  bound: throughputEstimateSchema.shape.bound,
  pareto: z.boolean(),
  rank: z.number(),
});

const efficiencyConstantsSchema = z.object({
  computeEfficiency: z.number(),
  halfEfficiencyWidth: z.number(),
  halfWidthPeakExponent: z.number(),
  bandwidthEfficiency: z.number(),
  activationTrafficPasses: z.number(),
  secondsPerOp: z.number(),
  secondsPerCast: z.number(),
  gpuSecondsPerOp: z.number(),
  fixedStepSeconds: z.number(),
  nonOverlap: z.number(),
  nchwTransposePasses: z.number(),
  frameworkWorkspaceGiB: z.number(),
  architecture: z.record(z.enum(ARCH_FAMILIES), numbers(['conv', 'matmul', 'bandwidth', 'convBandwidth', 'wattsPerTflop'])),
  stacks: z.record(z.enum(STACKS), numbers(['hostFloor', 'launchGaps', 'activationPasses'])),
  dataParallel: z.object({
    linkEfficiency: z.record(z.enum(['nvswitch', 'nvlink', 'nvlink-bridge', 'pcie-p2p', 'pcie-host', 'network']), z.number()),
    overlap: z.number(),
    syncPerDoubling: z.number(),
    hostCrossSocket: z.number(),
    gpusPerSocket: z.number(),
    gradientBytes: z.number(),
    bucketBytes: z.number(),
  }),
});

export const leftOutPriceSchema = z.object({
  offeringId: z.string(),
  providerName: z.string(),
  sku: z.string(),
  priceKind: z.enum(PRICE_KINDS),
  usd: z.number(),
  per: z.enum(PRICE_UNITS),
  asOf: z.string(),
  reason: z.string(),
});

export const workloadEstimateSchema = z.object({
  model: z.object({
    name: z.string(),
    params: z.number(),
    trainableParams: z.number(),
    forwardFlopsPerSample: z.number(),
    tokensPerSample: z.number().nullable(),
    source: z.string().nullable(),
  }),
  workload: workloadSchema,
  results: z.array(gpuEstimateSchema),
  ranking: z.array(rankedRowSchema),
  unestimated: z.array(
    z.object({
      gpuId: z.string(),
      gpuName: z.string(),
      kind: z.enum(['tpu', 'cpu']),
      reason: z.string(),
      offeringIds: z.array(z.string()),
    }),
  ),
  notes: z.array(z.string()),
  warnings: z.array(z.object({ field: z.string(), message: z.string() })),
  leftOut: z.array(leftOutPriceSchema),
  assumptions: z.object({
    efficiency: efficiencyConstantsSchema,
    memory: z.object({ cudaContextGiB: z.number(), allocatorHeadroom: z.number(), qloraBytesPerParam: z.number() }),
    cost: numbers([
      'electricityUsdPerKwh',
      'purchaseLifetimeYears',
      'purchaseHoursPerYear',
      'hostWatts',
      'subscriptionHoursPerMonth',
      'stalePriceMonths',
      'spotInterruptionsPerHour',
      'spotRestartMinutes',
      'subscriptionHoursPerDay',
      'reservedHoursPerMonth',
    ]),
  }),
});

/* The schemas say what the engine's types say (tsc fails on any difference). */
export type _PresetFamilyChecked = Assert<Equals<z.output<typeof presetFamilySchema>, PresetFamily>>;
export type _MemoryChecked = Assert<Equals<z.output<typeof memoryEstimateSchema>, MemoryEstimate>>;
export type _ScalingChecked = Assert<Equals<z.output<typeof scalingEstimateSchema>, ScalingEstimate>>;
export type _ThroughputChecked = Assert<Equals<z.output<typeof throughputEstimateSchema>, ThroughputEstimate>>;
export type _ExplanationChecked = Assert<Equals<z.output<typeof explanationLineSchema>, ExplanationLine>>;
export type _OfferingCostChecked = Assert<Equals<z.output<typeof offeringCostSchema>, OfferingCost>>;
export type _WallClockChecked = Assert<Equals<z.output<typeof wallClockSchema>, WallClock>>;
export type _GpuEstimateChecked = Assert<Equals<z.output<typeof gpuEstimateSchema>, GpuEstimate>>;
export type _LeftOutPriceChecked = Assert<Equals<z.output<typeof leftOutPriceSchema>, LeftOutPrice>>;
export type _RankedRowChecked = Assert<Equals<z.output<typeof rankedRowSchema>, RankedRow>>;
export type _EfficiencyChecked = Assert<Equals<z.output<typeof efficiencyConstantsSchema>, EfficiencyConstants>>;
export type _WorkloadEstimateChecked = Assert<Equals<z.output<typeof workloadEstimateSchema>, WorkloadEstimate>>;
