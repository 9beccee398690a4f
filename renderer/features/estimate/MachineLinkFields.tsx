/** The machine's GPU-to-GPU link of a multi-GPU workload (issue 29): PCIe generation and peer-to-peer, NVLink, NVSwitch. */
import { WORKLOAD_INTERCONNECT_LABELS, WORKLOAD_INTERCONNECTS } from '../../../shared/estimate/workload-interconnect';
import { Field } from './FormField';
import type { WorkloadForm } from './workload-form';

interface Props {
  form: WorkloadForm;
  errors: Partial<Record<keyof WorkloadForm | 'form', string>>;
  onChange: <K extends keyof WorkloadForm>(key: K, value: WorkloadForm[K]) => void;
}

export function MachineLinkFields({ form, errors, onChange }: Props) {
  return (
    <div className="est-form-row">
      <Field
        id="wf-interconnect"
        label="GPU link"
        error={errors.interconnect}
        hint={
          form.interconnect
            ? "your machine's link; offerings that state theirs use their own"
            : "each offering's stated link, else the GPU catalog's"
        }
      >
        <select
          id="wf-interconnect"
          className={`input${errors.interconnect ? ' invalid' : ''}`}
          value={form.interconnect}
          onChange={(e) => onChange('interconnect', e.target.value as WorkloadForm['interconnect'])}
        >
          <option value="">From the offering / GPU</option>
          {WORKLOAD_INTERCONNECTS.map((k) => (
            <option key={k} value={k}>
              {WORKLOAD_INTERCONNECT_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      {form.interconnect.startsWith('pcie') && (
        <Field
          id="wf-p2p"
          label="Peer-to-peer"
          error={errors.p2p}
          hint={form.p2p === 'no' ? 'copies go through host memory: slower all-reduce' : 'GeForce cards have none'}
        >
          <select
            id="wf-p2p"
            className={`input${errors.p2p ? ' invalid' : ''}`}
            value={form.p2p}
            onChange={(e) => onChange('p2p', e.target.value as WorkloadForm['p2p'])}
          >
            <option value="">The GPU's default</option>
            <option value="yes">Yes (P2P)</option>
            <option value="no">No (through host memory)</option>
          </select>
        </Field>
      )}
    </div>
  );
}
