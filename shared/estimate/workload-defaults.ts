/**
 * Sensible starting workloads per model family: choosing a model of another family starts from its family's typical
 * batch, dataset, epochs and method instead of carrying the previous model's workload over (a 2.4 M-sample × 100-epoch
 * signal-CNN workload makes no sense for a 7 B decoder fine-tune). The figures are stated starting points, not advice.
 */
export type DefaultsFamily = 'cnn1d' | 'cnn2d' | 'vit' | 'encoder' | 'decoder-small' | 'decoder-large' | 'custom';

export interface WorkloadDefaults {
  batchSize: number;
  datasetSamples: number;
  epochs: number;
  method: 'full' | 'lora' | 'qlora';
  gradientCheckpointing: boolean;
  /** Why these figures: shown beside the form. */
  basis: string;
}

export const WORKLOAD_DEFAULTS: Record<DefaultsFamily, WorkloadDefaults> = {
  cnn1d: {
    batchSize: 256,
    datasetSamples: 600_000,
    epochs: 50,
    method: 'full',
    gradientCheckpointing: false,
    basis: '1-D signal CNN: 600,000 windows × 50 epochs at batch 256',
  },
  cnn2d: {
    batchSize: 128,
    datasetSamples: 100_000,
    epochs: 30,
    method: 'full',
    gradientCheckpointing: false,
    basis: 'image CNN: 100,000 images × 30 epochs at batch 128',
  },
  vit: {
    batchSize: 64,
    datasetSamples: 100_000,
    epochs: 30,
    method: 'full',
    gradientCheckpointing: false,
    basis: 'vision transformer: 100,000 images × 30 epochs at batch 64',
  },
  encoder: {
    batchSize: 32,
    datasetSamples: 100_000,
    epochs: 3,
    method: 'full',
    gradientCheckpointing: false,
    basis: 'encoder fine-tune: 100,000 sequences × 3 epochs at batch 32',
  },
  'decoder-small': {
    batchSize: 8,
    datasetSamples: 50_000,
    epochs: 3,
    method: 'full',
    gradientCheckpointing: false,
    basis: 'small decoder (under 2 B parameters) fine-tune: 50,000 sequences × 3 epochs at batch 8',
  },
  'decoder-large': {
    batchSize: 8,
    datasetSamples: 50_000,
    epochs: 3,
    method: 'lora',
    gradientCheckpointing: true,
    basis: 'large decoder (2 B parameters or more): LoRA fine-tune, 50,000 sequences × 3 epochs at batch 8, gradient checkpointing',
  },
  custom: {
    batchSize: 32,
    datasetSamples: 100_000,
    epochs: 10,
    method: 'full',
    gradientCheckpointing: false,
    basis: 'your own model: 100,000 samples × 10 epochs at batch 32',
  },
};

/** The defaults family of a preset family (and parameter count, for decoders); null family = your own model. */
export function defaultsFamilyOf(family: string | null, params: number | null): DefaultsFamily {
  switch (family) {
    case 'cnn1d':
    case 'cnn2d':
    case 'vit':
    case 'encoder':
      return family;
    case 'decoder':
      return params !== null && params < 2e9 ? 'decoder-small' : 'decoder-large';
    default:
      return 'custom';
  }
}
