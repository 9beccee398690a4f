/** The new-project wizard: name, dates, currency, budget, and the first track with its owner. */
import { useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import { api } from '../../app/api';
import { fieldErrors, Modal, ModalFooter } from './Modal';

const today = () => new Date().toISOString().slice(0, 10);
const inMonths = (n: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

export function NewProjectDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (projectId: string) => void }) {
  const [f, setF] = useState({ name: '', start: today(), end: inMonths(3), currency: 'USD', budget: '', trackName: '', owner: '' });
  const [error, setError] = useState<SerializedError | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(error);
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.target.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await api.plan.createProject({
      name: f.name,
      start: f.start,
      end: f.end,
      currency: f.currency,
      budget: f.budget,
      track: { name: f.trackName, owner: f.owner },
    });
    setBusy(false);
    if (!r.ok) setError(r.error);
    else onCreated(r.value.projectId);
  };

  const field = (key: keyof typeof f, errorKey: string, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`np-${key}`}>{label}</label>
      {input}
      {errors[errorKey] ? (
        <span className="field-error" id={`np-${key}-error`} role="alert">
          {errors[errorKey]}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );
  const attrs = (key: keyof typeof f, errorKey: string) => ({
    id: `np-${key}`,
    className: 'input',
    value: f[key],
    onChange: set(key),
    'aria-invalid': errors[errorKey] ? true : undefined,
    'aria-describedby': errors[errorKey] ? `np-${key}-error` : undefined,
  });

  return (
    <Modal title="New project" onClose={onClose}>
      <form className="pj-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">
          A blank plan: its first track over the whole project, nothing booked yet. Add milestones and bookings on the Plan screen.
        </p>
        {field('name', 'name', 'Project name', <input {...attrs('name', 'name')} placeholder="e.g. Sleep staging model" />)}
        <div className="pj-row">
          {field('start', 'start', 'Start', <input type="date" {...attrs('start', 'start')} />, 'first day (inclusive)')}
          {field('end', 'end', 'End', <input type="date" {...attrs('end', 'end')} />, 'last day (inclusive)')}
        </div>
        <div className="pj-row">
          {field(
            'currency',
            'currency',
            'Currency',
            <input {...attrs('currency', 'currency')} maxLength={3} />,
            'ISO 4217 code: USD, EUR, INR…',
          )}
          {field(
            'budget',
            'budget',
            'Budget',
            <input {...attrs('budget', 'budget')} inputMode="decimal" placeholder="e.g. 1200" />,
            `total, in ${f.currency || 'the currency'}`,
          )}
        </div>
        <fieldset className="pj-fieldset">
          <legend>First track</legend>
          <div className="pj-row">
            {field(
              'trackName',
              'track.name',
              'Track name',
              <input {...attrs('trackName', 'track.name')} placeholder="e.g. EEG model training" />,
            )}
            {field('owner', 'track.owner', 'Owner', <input {...attrs('owner', 'track.owner')} placeholder="who runs it" />)}
          </div>
        </fieldset>
        <ModalFooter error={Object.keys(errors).length === 0 ? error : null} onCancel={onClose}>
          <button type="submit" className="btn primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create project'}
          </button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
