/** GPUs, nodes and software stack of a milestone phase's workload: the estimate counts every GPU of the run. */
import { Field, NumberField } from '../../../ui/Field';
import { stackOf, type WorkloadScaleDraft, type WorkloadScaleErrors } from './workload-scale';

const STACK_LABELS: Record<WorkloadScaleDraft['stack'], string> = {
  eager: 'Eager PyTorch',
  compiled: 'torch.compile',
  optimized: 'Fused + CUDA graphs',
};

interface Props {
  /** Prefix of the inputs' ids (one phase of the form). */
  idPrefix: string;
  draft: WorkloadScaleDraft;
  errors: WorkloadScaleErrors;
  onChange: (patch: Partial<WorkloadScaleDraft>) => void;
}

export function WorkloadScaleFields({ idPrefix, draft, errors, onChange }: Props) {
  return (
    <>
      <NumberField
        id={`${idPrefix}-gpus`}
        label="GPUs per run"
        hint="all nodes together; GPU-hours = hours × GPUs"
        error={errors.gpuCount}
        value={draft.gpuCount}
        onChange={(v) => onChange({ gpuCount: v })}
        step="1"
        width={80}
      />
      <NumberField
        id={`${idPrefix}-nodes`}
        label="Nodes"
        hint="machines the GPUs span"
        error={errors.nodeCount}
        value={draft.nodeCount}
        onChange={(v) => onChange({ nodeCount: v })}
        step="1"
        width={80}
      />
      <Field id={`${idPrefix}-stack`} label="Software stack" error={errors.stack}>
        <select
          id={`${idPrefix}-stack`}
          className="input"
          value={draft.stack}
          onChange={(ev) => onChange({ stack: stackOf(ev.target.value) })}
        >
          {Object.entries(STACK_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
