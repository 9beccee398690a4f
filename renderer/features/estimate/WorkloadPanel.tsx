/** The Estimate screen's left panel: choose or delete a saved workload, edit the workload, save it under a name. */
import { useEffect, useState } from 'react';
import { TextInput } from '../../ui/TextInput';
import { useEstimate } from './store';
import { isModified } from './workload-form';
import { WorkloadFormPanel } from './WorkloadFormPanel';

export function WorkloadPanel({ onEdit }: { onEdit: () => void }) {
  const { presets, saved, form, loadedId, errors, warnings, setField, load, save, remove } = useEstimate();
  const [saveName, setSaveName] = useState('');
  useEffect(() => {
    setSaveName(saved.find((s) => s.id === loadedId)?.name ?? '');
  }, [loadedId, saved]);
  const modified = isModified(
    form,
    presets,
    saved.find((s) => s.id === loadedId),
  );
  return (
    <section className="panel est-left" aria-label="Workload panel">
      <div className="est-saved">
        <label className="field-label" htmlFor="wf-saved">
          Saved workloads
        </label>
        {modified && (
          <span
            className="badge warn"
            data-testid="workload-modified"
            title="The form differs from the saved workload: save it to keep the changes"
          >
            modified — not saved
          </span>
        )}
        <div className="est-saved-row">
          <select id="wf-saved" className="input" value={loadedId ?? ''} onChange={(e) => e.target.value && load(e.target.value)}>
            <option value="">— choose —</option>
            {saved.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {loadedId && (
            <button type="button" className="btn small danger" onClick={() => void remove(loadedId)}>
              Delete
            </button>
          )}
        </div>
      </div>
      <WorkloadFormPanel
        form={form}
        presets={presets}
        errors={{ ...warnings, ...errors }}
        onChange={(k, v) => {
          onEdit();
          setField(k, v);
        }}
      />
      <div className="est-save-row">
        <TextInput aria-label="Workload name" placeholder="Name to save as" value={saveName} onValueChange={setSaveName} />
        <button
          type="button"
          className="btn primary"
          disabled={!saveName.trim() || Object.keys(errors).length > 0}
          onClick={() => void save(saveName.trim())}
        >
          Save
        </button>
      </div>
    </section>
  );
}
