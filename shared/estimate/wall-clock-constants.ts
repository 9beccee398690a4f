/**
 * The figures the wall-clock model (wall-clock.ts) takes when the workload and the offering do not give them: decode
 * rates per CPU core by data format, storage throughputs by location, setup and checkpoint defaults. Each with its
 * source; a figure no public measurement in the library gives is marked "stated" (an assumption, not a measurement).
 */

export const DATASET_FORMATS = ['jpeg', 'png', 'audio', 'tokens', 'array'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];
export const DATASET_LOCATIONS = ['local', 'network-disk', 'object-storage', 'drive'] as const;
export type DatasetLocation = (typeof DATASET_LOCATIONS)[number];

export interface Sourced {
  value: number;
  source: string;
}

/** Samples one CPU core (one DataLoader worker) decodes and augments per second, by format. */
export const DECODE_PER_CORE: Record<DatasetFormat, Sourced & { unit: string }> = {
  jpeg: {
    value: 150,
    unit: 'images',
    source:
      'ImageNet-size JPEG decode + random-resized-crop per DataLoader worker: measured 100,000 JPEGs in 596 s with PIL on 4 workers (42/s per worker) and in 102 s with libjpeg-turbo + OpenCV (245/s per worker) — pkhw2023-ship-it "Where the Million-Image Score Job Actually Spends Its Time"; 150/s per core is between the two (the issue\'s "4 vCPUs decode about 600 images/s")',
  },
  png: {
    value: 50,
    unit: 'images',
    source: 'stated: PNG (zlib inflate) decodes about 3× slower than JPEG of the same size; no measured row in the library',
  },
  audio: {
    value: 100,
    unit: 'clips',
    source: 'stated: decode + resample of a ~10 s clip per worker; no measured row in the library',
  },
  tokens: {
    value: 20_000,
    unit: 'sequences',
    source: 'stated: pre-tokenized sequences are a memory copy (collate + pin); not a decode bound in practice',
  },
  array: {
    value: 5_000,
    unit: 'arrays',
    source: 'stated: numpy / memory-mapped arrays (1-D signal windows) are a copy and a normalisation per sample',
  },
};

/** Bytes per sample when the workload does not say (and gives no dataset.diskGB). */
export const DEFAULT_BYTES_PER_SAMPLE: Record<Exclude<DatasetFormat, 'tokens' | 'array'>, Sourced> = {
  jpeg: {
    value: 110_000,
    source:
      'ImageNet-1k: about 150 GB for 1.28 M training JPEGs (NVIDIA, "Loading Data Fast with DALI and the New Hardware JPEG Decoder in NVIDIA A100 GPUs")',
  },
  png: { value: 330_000, source: 'stated: lossless PNG about 3× the JPEG of the same image' },
  audio: { value: 320_000, source: '10 s of 16 kHz 16-bit mono PCM = 320 kB' },
};

/** Read throughput of the storage the data is read from, MB/s (whole machine). */
export const STORAGE_MB_PER_S: Record<DatasetLocation, Sourced> = {
  local: { value: 1_000, source: 'stated: one local NVMe SSD reads well above 1 GB/s sequentially; taken as 1 GB/s' },
  'network-disk': {
    value: 125,
    source:
      "AWS EBS gp3 baseline 125 MiB/s per volume (https://docs.aws.amazon.com/ebs/latest/userguide/general-purpose.html); other clouds' standard network disks are of the same order",
  },
  'object-storage': {
    value: 100,
    source:
      'stated: one process copying many objects (aws s3 cp / gsutil) without tuning reaches about 100 MB/s; parallel copies go higher',
  },
  drive: {
    value: 65,
    source:
      'Google Drive mounted in Colab: copying one 39 GB file took more than 10 min (≈ 65 MB/s; newbe.dev "Google Colab is very slow compared to my PC"); reading many small files in place is far slower (sharkovsky.github.io 2020-09-18 "Reading large datasets for training on Colab"), so the data is copied to the runtime\'s disk first',
  },
};

/** Locations whose data the run copies to the machine's disk before training (setup), rather than reading in place. */
export const COPIED_FIRST: ReadonlySet<DatasetLocation> = new Set(['object-storage', 'drive']);

export const WALL_CLOCK_DEFAULTS = {
  /** environment: container pull or pip install, drivers, data mount. */
  setupMinutes: { value: 10, source: 'stated: a container pull or pip install of PyTorch and the project (5–15 min)' },
  /** vCPUs when the offering does not state them. */
  vcpus: { value: 4, source: 'stated: the low end of 1-GPU rentals (4–12 vCPUs); the offering states none' },
  /** a validation sample costs this share of a training sample (forward only: 1 of 3 passes). */
  validationCostShare: { value: 1 / 3, source: 'forward only: backward is 2× forward, so a forward pass is 1/3 of a training step' },
  /** checkpoint bytes per trained parameter: fp32 weights (4) + Adam moments (8). */
  checkpointBytesPerParam: { value: 12, source: 'fp32 weights 4 B + AdamW first and second moments 8 B per parameter' },
} as const;
