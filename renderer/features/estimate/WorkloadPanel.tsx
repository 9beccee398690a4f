/** The Estimate screen's left panel: choose or delete a saved workload, edit the workload, save it under a name. */
import { useEffect, useState } from 'react';
import { TextInput } from '../../ui/TextInput';
import { useEstimate } from './store';
import { copyName, isModified } from './workload-form';
import { WorkloadFormPanel } from './WorkloadFormPanel';

export function WorkloadPanel({ onEdit }: { onEdit: () => void }) {
  const { presets, saved, form, loadedId, errors, warnings, setField, load, save, remove } = useEstimate();
  const [saveName, setSaveName] = useState('');
  /** The lead's own workload of the typed name, which Save would replace: asked first. */
  const [ask, setAsk] = useState<{ id: string; name: string } | null>(null);
  const loaded = saved.find((s) => s.id === loadedId);
  // The name box follows the loaded workload; an example's is offered as a copy once its model changes.
  useEffect(() => {
    setSaveName(saved.find((s) => s.id === loadedId)?.name ?? '');
    setAsk(null);
  }, [loadedId, saved]);
  const doSave = async (confirmedId?: string) => {
    const target = await save(saveName.trim(), confirmedId);
    setAsk(target.kind === 'ask' && target.id !== confirmedId ? { id: target.id, name: target.name } : null);
  };
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
          if (k === 'preset' && loaded?.example && saveName === loaded.name) setSaveName(copyName(loaded.name, saved));
          setField(k, v);
        }}
      />
      <div className="est-save-row">
        <TextInput
          aria-label="Workload name"
          placeholder="Name to save as"
          value={saveName}
          onValueChange={(v) => {
            setSaveName(v);
            setAsk(null);
          }}
        />
        <button
          type="button"
          className="btn primary"
          disabled={!saveName.trim() || Object.keys(errors).length > 0}
          onClick={() => void doSave()}
        >
          Save
        </button>
      </div>
      {loaded?.example && saveName.trim() === loaded.name && (
        <p className="muted est-save-note">An example: Save keeps it and saves your changes as “{copyName(loaded.name, saved)}”.</p>
      )}
      {ask && (
        <div className="banner warn est-save-ask" role="alertdialog" aria-label="Replace the saved workload?">
          You already have a workload named “{ask.name}”. Replace it with this one?{' '}
          <button type="button" className="btn small danger" onClick={() => void doSave(ask.id)}>
            Replace
          </button>{' '}
          <button type="button" className="btn small" onClick={() => setAsk(null)}>
            Keep it
          </button>
        </div>
      )}
    </section>
  );
}
