/** The workload form: model, input, batch, precision, method, checkpointing, optimizer, GPUs, data; errors inline. */
import type { ReactNode } from 'react';
import { Field } from './FormField';
import { MachineLinkFields } from './MachineLinkFields';
import { CUSTOM, DECODER, inputKind, presetOf, type Preset, type WorkloadForm } from './workload-form';

const FAMILY_LABELS: Record<string, string> = {
  cnn1d: '1-D signal CNNs',
  cnn2d: 'Image CNNs',
  vit: 'Vision transformers',
  encoder: 'Encoders (BERT)',
  decoder: 'Decoder LLMs',
  custom: 'Custom',
};
const STACK_HINTS: Record<WorkloadForm['stack'], string> = {
  eager: 'the default: one kernel per op, host floor per step',
  compiled: 'fused elementwise ops: lower per-step floor',
  optimized: 'fused optimizer, CUDA graphs: lowest floor',
};
const INPUT_LABELS = { windowSamples: 'Window (samples)', imageSize: 'Image size (px)', seqLen: 'Sequence (tokens)' } as const;

interface Props {
  form: WorkloadForm;
  presets: Preset[];
  errors: Partial<Record<keyof WorkloadForm | 'form', string>>;
  onChange: <K extends keyof WorkloadForm>(key: K, value: WorkloadForm[K]) => void;
}

export function WorkloadFormPanel({ form, presets, errors, onChange }: Props) {
  const preset = presetOf(presets, form.preset);
  const kind = inputKind(preset, form.preset);
  const families = [...new Set(presets.map((p) => p.family))];
  const transformer =
    form.preset === DECODER || (preset && (preset.family === 'decoder' || preset.family === 'encoder' || preset.family === 'vit'));
  const text = (key: keyof WorkloadForm, label: string, hint?: string, props: Record<string, unknown> = {}) => (
    <Field id={`wf-${key}`} label={label} error={errors[key]} hint={hint}>
      <input
        id={`wf-${key}`}
        className={`input${errors[key] ? ' invalid' : ''}`}
        inputMode="numeric"
        value={String(form[key])}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `wf-${key}-error` : undefined}
        onChange={(e) => onChange(key, e.target.value as never)}
        {...props}
      />
    </Field>
  );
  return (
    <form className="est-form" aria-label="Workload" onSubmit={(e) => e.preventDefault()}>
      <Field
        id="wf-preset"
        label="Model"
        error={errors.preset}
        hint={
          form.preset === DECODER
            ? 'parameters and FLOPs computed from the configuration'
            : form.preset === CUSTOM
              ? 'memory and time from your figures'
              : preset
                ? `${preset.params.toLocaleString('en-US')} parameters · ${preset.source.slice(0, 80)}${preset.source.length > 80 ? '…' : ''}`
                : undefined
        }
      >
        <select
          id="wf-preset"
          className={`input${errors.preset ? ' invalid' : ''}`}
          value={preset?.id ?? form.preset}
          onChange={(e) => onChange('preset', e.target.value)}
        >
          {families.map((f) => (
            <optgroup key={f} label={FAMILY_LABELS[f] ?? f}>
              {presets
                .filter((p) => p.family === f)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </optgroup>
          ))}
          <optgroup label="Your own model">
            <option value={DECODER}>Decoder by configuration (SwiGLU, RMSNorm, rotary)</option>
            <option value={CUSTOM}>Any model by parameters and FLOPs</option>
          </optgroup>
        </select>
      </Field>
      {form.preset === DECODER && (
        <fieldset className="est-custom" aria-label="Decoder configuration">
          <div className="est-form-row">
            {text('decLayers', 'Layers')}
            {text('decHidden', 'Hidden size')}
          </div>
          <div className="est-form-row">
            {text('decHeads', 'Attention heads')}
            {text('decKvHeads', 'KV heads (GQA)')}
          </div>
          <div className="est-form-row">
            {text('decIntermediate', 'MLP intermediate')}
            {text('decVocab', 'Vocabulary')}
          </div>
          <label className="est-check">
            <input type="checkbox" checked={form.decTied} onChange={(e) => onChange('decTied', e.target.checked)} /> Tied input/output
            embeddings
          </label>
        </fieldset>
      )}
      {form.preset === CUSTOM && (
        <fieldset className="est-custom" aria-label="Custom model figures">
          {text('cusParams', 'Parameters')}
          {text('cusFlops', 'Forward FLOPs per sample')}
          {text('cusActBytes', 'Activation bytes per sample', 'saved for backward, at 16-bit')}
        </fieldset>
      )}
      <div className="est-form-row">
        {kind ? (
          text('inputValue', INPUT_LABELS[kind], preset?.maxSeqLen ? `at most ${preset.maxSeqLen.toLocaleString('en-US')}` : undefined)
        ) : (
          <span className="field-hint est-noinput">input size is in the figures above</span>
        )}
        {text('batchSize', 'Batch per GPU')}
      </div>
      <div className="est-form-row">
        <Field id="wf-precision" label="Precision" error={errors.precision}>
          <select
            id="wf-precision"
            className="input"
            value={form.precision}
            onChange={(e) => onChange('precision', e.target.value as WorkloadForm['precision'])}
          >
            <option value="bf16">bf16 mixed</option>
            <option value="fp16">fp16 mixed</option>
            <option value="fp32">fp32 (TF32 allowed)</option>
            <option value="tf32">tf32</option>
          </select>
        </Field>
        <Field id="wf-method" label="Method" error={errors.method} hint={transformer ? undefined : 'LoRA/QLoRA: transformers only'}>
          <select
            id="wf-method"
            className={`input${errors.method ? ' invalid' : ''}`}
            value={form.method}
            onChange={(e) => onChange('method', e.target.value as WorkloadForm['method'])}
          >
            <option value="full">Full fine-tuning</option>
            <option value="lora">LoRA (bf16 base)</option>
            <option value="qlora">QLoRA (4-bit base)</option>
          </select>
        </Field>
      </div>
      <div className="est-form-row">
        {form.method !== 'full' ? (
          text('loraRank', 'LoRA rank', 'on q, k, v, o')
        ) : (
          <Field id="wf-optimizer" label="Optimizer" error={errors.optimizer}>
            <select
              id="wf-optimizer"
              className="input"
              value={form.optimizer}
              onChange={(e) => onChange('optimizer', e.target.value as WorkloadForm['optimizer'])}
            >
              {['adamw', 'adam', 'sgd', 'sgd-momentum', 'adafactor', 'adamw-8bit'].map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </Field>
        )}
        {text('gpuCount', 'GPUs (data parallel)', 'in total; batch is per GPU')}
      </div>
      <div className="est-form-row">
        {text('nodeCount', 'Nodes', 'machines the GPUs span')}
        <Field id="wf-stack" label="Software stack" error={errors.stack} hint={STACK_HINTS[form.stack]}>
          <select
            id="wf-stack"
            className={`input${errors.stack ? ' invalid' : ''}`}
            value={form.stack}
            onChange={(e) => onChange('stack', e.target.value as WorkloadForm['stack'])}
          >
            <option value="eager">Eager PyTorch</option>
            <option value="compiled">torch.compile</option>
            <option value="optimized">Fused + CUDA graphs</option>
          </select>
        </Field>
      </div>
      {Number(form.gpuCount) > 1 && <MachineLinkFields form={form} errors={errors} onChange={onChange} />}
      {preset?.family === 'cnn2d' && (
        <div className="est-form-row">
          <Field
            id="wf-memory-format"
            label="Memory format"
            error={errors.memoryFormat}
            hint={
              form.memoryFormat === 'nchw'
                ? 'transposes around each conv in fp16/bf16: about 25% slower'
                : "NHWC (torch.channels_last): no transposes; NCHW is PyTorch's default"
            }
          >
            <select
              id="wf-memory-format"
              className={`input${errors.memoryFormat ? ' invalid' : ''}`}
              value={form.memoryFormat}
              onChange={(e) => onChange('memoryFormat', e.target.value === 'nchw' ? 'nchw' : 'channels-last')}
            >
              <option value="channels-last">Channels-last</option>
              <option value="nchw">NCHW</option>
            </select>
          </Field>
        </div>
      )}
      <label className="est-check">
        <input type="checkbox" checked={form.gradientCheckpointing} onChange={(e) => onChange('gradientCheckpointing', e.target.checked)} />{' '}
        Gradient checkpointing
      </label>
      <div className="est-form-row">
        {text('datasetSamples', 'Dataset (samples)')}
        {text('epochs', 'Epochs')}
      </div>
      <div className="est-form-row">
        {text('checkpointEveryMinutes', 'Checkpoint every (min)', 'spot rework')}
        {text('inputPipeline', 'Data loader limit', 'samples/s, optional')}
      </div>
      <RunRuleFields form={form} text={text} onChange={onChange} />
      {errors.form && (
        <div className="banner error" role="alert">
          {errors.form}
        </div>
      )}
    </form>
  );
}

/** Run rules (issue 18): resume from checkpoints, the dataset on the host, the expected early stop. */
function RunRuleFields({
  form,
  text,
  onChange,
}: Pick<Props, 'form' | 'onChange'> & {
  text: (key: keyof WorkloadForm, label: string, hint?: string) => ReactNode;
}) {
  return (
    <>
      <label className="est-check">
        <input type="checkbox" checked={form.resumeFromCheckpoint} onChange={(e) => onChange('resumeFromCheckpoint', e.target.checked)} />{' '}
        Resumes from its last checkpoint (sessions, timeouts, spot)
      </label>
      <div className="est-form-row">
        {text('datasetDiskGB', 'Dataset on disk (GB)', 'optional')}
        {text('datasetMemoryGB', 'Dataset in host RAM (GB)', 'optional')}
      </div>
      <div className="est-form-row">{text('earlyStoppingPercent', 'Early stopping at (% of epochs)', 'optional, e.g. 70')}</div>
    </>
  );
}
