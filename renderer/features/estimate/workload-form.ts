/**
 * The workload form of the Estimate screen as pure data: the form as typed, its defaults, and the conversions between
 * the form and the docs/cli.md workload JSON (and back), the model change rule and the error-path → field mapping.
 */
import type { Response } from '../../../shared/ipc/contract';
import { WORKLOAD_INTERCONNECTS, type WorkloadInterconnect } from '../../../shared/estimate/workload-interconnect';
import { defaultsFamilyOf, WORKLOAD_DEFAULTS, type DefaultsFamily } from '../../../shared/estimate/workload-defaults';

export type Preset = Response<'estimate:list-presets'>['presets'][number];
export type SavedWorkload = Response<'estimate:list-workloads'>['workloads'][number];

/** The form as typed: numbers stay strings until the workload is built, so a half-typed field is not lost. */
export interface WorkloadForm {
  preset: string;
  inputValue: string;
  batchSize: string;
  precision: 'fp32' | 'tf32' | 'fp16' | 'bf16';
  method: 'full' | 'lora' | 'qlora';
  loraRank: string;
  gradientCheckpointing: boolean;
  optimizer: 'adamw' | 'adam' | 'sgd' | 'sgd-momentum' | 'adafactor' | 'adamw-8bit';
  gpuCount: string;
  /** machines the GPUs are spread over (issue 17). */
  nodeCount: string;
  /** the machine's GPU-to-GPU link (issue 29): '' = the offering's, else the GPU catalog's; used where an offering states none. */
  interconnect: '' | WorkloadInterconnect;
  /** PCIe peer-to-peer with a pcie link: '' = the GPU's default (GeForce: none). */
  p2p: '' | 'yes' | 'no';
  /** software stack: eager PyTorch (default), torch.compile, fused kernels + CUDA graphs. */
  stack: 'eager' | 'compiled' | 'optimized';
  /** memory format of a 2-D convnet's tensors (issue 17): channels-last as measured, or PyTorch's default NCHW. */
  memoryFormat: 'channels-last' | 'nchw';
  datasetSamples: string;
  epochs: string;
  checkpointEveryMinutes: string;
  inputPipeline: string;
  /** run rules (issue 18): the script resumes from its checkpoints; the dataset's GB on disk and in host memory. */
  resumeFromCheckpoint: boolean;
  datasetDiskGB: string;
  datasetMemoryGB: string;
  /** expected % of the epochs before early stopping ('' = none): its own line, never applied. */
  earlyStoppingPercent: string;
  /** your own decoder (model choice DECODER) … */
  decLayers: string;
  decHidden: string;
  decHeads: string;
  decKvHeads: string;
  decIntermediate: string;
  decVocab: string;
  decTied: boolean;
  /** … or your own model by its figures (model choice CUSTOM). */
  cusParams: string;
  cusFlops: string;
  cusActBytes: string;
}

export const DECODER = '__decoder';
export const CUSTOM = '__custom';

export const DEFAULT_FORM: WorkloadForm = {
  preset: 'resnet34-1d',
  inputValue: '500',
  batchSize: '256',
  precision: 'bf16',
  method: 'full',
  loraRank: '16',
  gradientCheckpointing: false,
  optimizer: 'adamw',
  gpuCount: '1',
  nodeCount: '1',
  interconnect: '',
  p2p: '',
  stack: 'eager',
  memoryFormat: 'channels-last',
  datasetSamples: '600000',
  epochs: '50',
  checkpointEveryMinutes: '30',
  inputPipeline: '',
  resumeFromCheckpoint: false,
  datasetDiskGB: '',
  datasetMemoryGB: '',
  earlyStoppingPercent: '',
  decLayers: '32',
  decHidden: '4096',
  decHeads: '32',
  decKvHeads: '8',
  decIntermediate: '14336',
  decVocab: '32000',
  decTied: false,
  cusParams: '25000000',
  cusFlops: '8000000000',
  cusActBytes: '50000000',
};

/** The preset of an id or alias (ClinicalBERT is BERT-base). */
export function presetOf(presets: Preset[], id: string): Preset | undefined {
  return presets.find((p) => p.id === id || p.aliases.includes(id));
}

export function inputKind(preset: Preset | undefined, choice?: string): 'windowSamples' | 'imageSize' | 'seqLen' | null {
  if (choice === CUSTOM) return null;
  if (!preset) return 'seqLen';
  if (preset.family === 'cnn1d') return 'windowSamples';
  if (preset.family === 'cnn2d' || preset.family === 'vit') return 'imageSize';
  return 'seqLen';
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The docs/cli.md workload JSON of the form. */
export function workloadOf(form: WorkloadForm, preset: Preset | undefined): Record<string, unknown> {
  const kind = inputKind(preset, form.preset);
  const model =
    form.preset === DECODER
      ? {
          decoder: {
            layers: num(form.decLayers),
            hidden: num(form.decHidden),
            heads: num(form.decHeads),
            kvHeads: num(form.decKvHeads),
            intermediate: num(form.decIntermediate),
            vocab: num(form.decVocab),
            tiedEmbeddings: form.decTied,
          },
        }
      : form.preset === CUSTOM
        ? {
            custom: {
              params: num(form.cusParams),
              forwardFlopsPerSample: num(form.cusFlops),
              activationBytesPerSample: num(form.cusActBytes),
            },
          }
        : { preset: form.preset };
  const w: Record<string, unknown> = {
    model,
    input: form.inputValue.trim() === '' || kind === null ? {} : { [kind]: num(form.inputValue) },
    batchSize: num(form.batchSize),
    precision: form.precision,
    method: form.method,
    gradientCheckpointing: form.gradientCheckpointing,
    optimizer: form.optimizer,
    gpuCount: num(form.gpuCount) ?? 1,
    nodeCount: num(form.nodeCount) ?? 1,
    ...(form.interconnect ? { interconnect: form.interconnect } : {}),
    ...(form.interconnect.startsWith('pcie') && form.p2p ? { p2p: form.p2p === 'yes' } : {}),
    stack: form.stack,
    memoryFormat: form.memoryFormat,
    checkpointEveryMinutes: num(form.checkpointEveryMinutes) ?? 30,
  };
  if (form.method !== 'full') w.lora = { rank: num(form.loraRank), targets: ['q', 'k', 'v', 'o'] };
  if (form.datasetSamples.trim() !== '' || form.epochs.trim() !== '') {
    w.dataset = {
      samples: num(form.datasetSamples),
      ...(form.datasetDiskGB.trim() !== '' ? { diskGB: num(form.datasetDiskGB) } : {}),
      ...(form.datasetMemoryGB.trim() !== '' ? { hostMemoryGB: num(form.datasetMemoryGB) } : {}),
    };
    w.epochs = num(form.epochs);
  }
  if (form.resumeFromCheckpoint) w.resumeFromCheckpoint = true;
  if (form.earlyStoppingPercent.trim() !== '') w.earlyStopping = { expectedFraction: Number(form.earlyStoppingPercent) / 100 };
  if (form.inputPipeline.trim() !== '') w.inputPipelineSamplesPerSecond = num(form.inputPipeline);
  return w;
}

/** The form of a saved workload. */
export function formOf(w: Record<string, unknown>): WorkloadForm {
  const model = (w.model ?? {}) as { preset?: string; decoder?: Record<string, unknown>; custom?: Record<string, unknown> };
  const d = model.decoder;
  const c = model.custom;
  const input = (w.input ?? {}) as Record<string, number>;
  const dataset = (w.dataset ?? {}) as { samples?: number; diskGB?: number; hostMemoryGB?: number };
  const early = (w.earlyStopping ?? {}) as { expectedFraction?: number };
  const lora = (w.lora ?? {}) as { rank?: number };
  const s = (v: unknown, d = '') => (v === undefined || v === null ? d : String(v));
  return {
    ...DEFAULT_FORM,
    ...(d
      ? {
          decLayers: s(d.layers),
          decHidden: s(d.hidden),
          decHeads: s(d.heads),
          decKvHeads: s(d.kvHeads ?? d.heads),
          decIntermediate: s(d.intermediate),
          decVocab: s(d.vocab),
          decTied: Boolean(d.tiedEmbeddings),
        }
      : {}),
    ...(c ? { cusParams: s(c.params), cusFlops: s(c.forwardFlopsPerSample), cusActBytes: s(c.activationBytesPerSample) } : {}),
    preset: d ? DECODER : c ? CUSTOM : (model.preset ?? DEFAULT_FORM.preset),
    inputValue: s(input.windowSamples ?? input.imageSize ?? input.seqLen),
    batchSize: s(w.batchSize, '1'),
    precision: (w.precision as WorkloadForm['precision']) ?? 'bf16',
    method: (w.method as WorkloadForm['method']) ?? 'full',
    loraRank: s(lora.rank, '16'),
    gradientCheckpointing: Boolean(w.gradientCheckpointing),
    optimizer: (w.optimizer as WorkloadForm['optimizer']) ?? 'adamw',
    gpuCount: s(w.gpuCount, '1'),
    nodeCount: s(w.nodeCount, '1'),
    interconnect: (WORKLOAD_INTERCONNECTS as readonly unknown[]).includes(w.interconnect) ? (w.interconnect as WorkloadInterconnect) : '',
    p2p: w.p2p === true ? 'yes' : w.p2p === false ? 'no' : '',
    stack: (w.stack as WorkloadForm['stack']) ?? 'eager',
    memoryFormat: w.memoryFormat === 'nchw' ? 'nchw' : 'channels-last',
    datasetSamples: s(dataset.samples),
    epochs: s(w.epochs),
    checkpointEveryMinutes: s(w.checkpointEveryMinutes, '30'),
    inputPipeline: s(w.inputPipelineSamplesPerSecond),
    resumeFromCheckpoint: w.resumeFromCheckpoint === true,
    datasetDiskGB: s(dataset.diskGB),
    datasetMemoryGB: s(dataset.hostMemoryGB),
    earlyStoppingPercent: early.expectedFraction === undefined ? '' : String(Math.round(early.expectedFraction * 1000) / 10),
  };
}

/** The defaults family of the form's model choice. */
export function familyOfChoice(presets: Preset[], choice: string): DefaultsFamily {
  if (choice === DECODER) return 'decoder-large';
  const preset = presetOf(presets, choice);
  return defaultsFamilyOf(preset?.family ?? null, preset?.params ?? null);
}

/** A model change to another family starts from that family's workload; the same family keeps the user's figures. */
export function formForModel(form: WorkloadForm, presets: Preset[], choice: string): WorkloadForm {
  const next = { ...form, preset: choice };
  const preset = presetOf(presets, choice);
  const kind = inputKind(preset, choice);
  const def = kind ? preset?.defaultInput[kind] : undefined;
  if (def !== undefined) next.inputValue = String(def);
  if (choice === DECODER) next.inputValue = '1024';
  if (choice === CUSTOM) next.inputValue = '';
  const before = familyOfChoice(presets, form.preset);
  const after = familyOfChoice(presets, choice);
  if (before !== after) {
    const d = WORKLOAD_DEFAULTS[after];
    next.batchSize = String(d.batchSize);
    next.datasetSamples = String(d.datasetSamples);
    next.epochs = String(d.epochs);
    next.method = d.method;
    next.gradientCheckpointing = d.gradientCheckpointing;
    // The old model's dataset and run figures do not describe the new one's (issue 28 item 2).
    for (const key of DATASET_FIELDS) (next as Record<string, unknown>)[key] = DEFAULT_FORM[key];
  }
  if (after !== 'decoder-small' && after !== 'decoder-large' && after !== 'encoder' && after !== 'vit') next.method = 'full';
  return next;
}

/** The fields that describe the old model's dataset and run, reset when the model family changes. */
const DATASET_FIELDS = [
  'datasetDiskGB',
  'datasetMemoryGB',
  'inputPipeline',
  'earlyStoppingPercent',
  'checkpointEveryMinutes',
  'resumeFromCheckpoint',
  'memoryFormat',
  'loraRank',
] as const satisfies ReadonlyArray<keyof WorkloadForm>;

export type SaveTarget =
  | { kind: 'new'; name: string }
  | { kind: 'overwrite'; id: string; name: string }
  /** The lead's own workload of that name exists (not the one loaded): ask before replacing it. */
  | { kind: 'ask'; id: string; name: string };

/** A name no saved workload has: `name`, else `name (copy)`, `name (copy 2)`… */
export function copyName(name: string, saved: readonly SavedWorkload[]): string {
  const taken = new Set(saved.map((s) => s.name));
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  for (let i = 1; ; i += 1) {
    const candidate = `${base} (copy${i === 1 ? '' : ` ${i}`})`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Where Save goes. An example is never overwritten: saved under its own name it becomes "… (copy)". The loaded
 * workload of the lead's own, under its name, is updated; another of the lead's own of that name is replaced only
 * after asking; a new name is a new workload.
 */
export function saveTarget(name: string, loadedId: string | null, saved: readonly SavedWorkload[]): SaveTarget {
  const same = saved.find((s) => s.name === name);
  if (!same) return { kind: 'new', name };
  if (same.example) return { kind: 'new', name: copyName(name, saved) };
  if (same.id === loadedId) return { kind: 'overwrite', id: same.id, name };
  return { kind: 'ask', id: same.id, name };
}

/** Whether the form differs from the saved workload it was loaded from (compared as workloads, not as typed text). */
export function isModified(form: WorkloadForm, presets: Preset[], saved: SavedWorkload | undefined): boolean {
  if (!saved) return false;
  const a = workloadOf(form, presetOf(presets, form.preset));
  const b = workloadOf(formOf(saved.workload), presetOf(presets, formOf(saved.workload).preset));
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** Which form field an error on a workload path belongs to. */
export function formFieldOf(path: string | undefined): keyof WorkloadForm | 'form' {
  if (!path) return 'form';
  if (path.startsWith('input')) return 'inputValue';
  const dec: Record<string, keyof WorkloadForm> = {
    layers: 'decLayers',
    hidden: 'decHidden',
    heads: 'decHeads',
    kvHeads: 'decKvHeads',
    intermediate: 'decIntermediate',
    vocab: 'decVocab',
  };
  const cus: Record<string, keyof WorkloadForm> = {
    params: 'cusParams',
    forwardFlopsPerSample: 'cusFlops',
    activationBytesPerSample: 'cusActBytes',
  };
  const m = /^model\.(decoder|custom)\.(\w+)/.exec(path);
  if (m) return (m[1] === 'decoder' ? dec[m[2]!] : cus[m[2]!]) ?? 'preset';
  if (path.startsWith('model')) return 'preset';
  if (path === 'dataset.diskGB') return 'datasetDiskGB';
  if (path === 'dataset.hostMemoryGB') return 'datasetMemoryGB';
  if (path.startsWith('earlyStopping')) return 'earlyStoppingPercent';
  if (path === 'resumeFromCheckpoint') return 'resumeFromCheckpoint';
  if (path.startsWith('dataset')) return 'datasetSamples';
  if (path.startsWith('lora')) return 'loraRank';
  if (path === 'inputPipelineSamplesPerSecond') return 'inputPipeline';
  const known: Array<keyof WorkloadForm> = [
    'batchSize',
    'precision',
    'method',
    'gradientCheckpointing',
    'optimizer',
    'gpuCount',
    'nodeCount',
    'interconnect',
    'p2p',
    'stack',
    'memoryFormat',
    'epochs',
    'checkpointEveryMinutes',
  ];
  return (known as string[]).includes(path) ? (path as keyof WorkloadForm) : 'form';
}
