/** The project's form: name, dates, currency, total budget and where it comes from. */
import { useState } from 'react';
import type { Project } from '../../../../shared/domain/plan/types';
import { Field } from '../../../ui/Field';
import { DateRangeFields, EditorDialog, TextField, useErrors, type EditorProps } from './editor-parts';
import { plainAmount } from '../../../../shared/domain/field-bounds';

export function ProjectForm({ view, error, busy, onEdit, onClose }: EditorProps) {
  const p = view.plan.project;
  const [f, setF] = useState({
    name: p.name,
    start: p.start,
    end: p.end,
    currency: p.currency,
    budget: p.budget,
    budgetSource: p.budgetSource,
    description: p.description,
  });
  const errors = useErrors(error);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  async function save() {
    const value: Project = { ...p, ...f, name: f.name.trim(), currency: f.currency.trim().toUpperCase(), budget: plainAmount(f.budget) };
    if (await onEdit({ type: 'upsert', entity: 'project', value })) onClose();
  }
  return (
    <EditorDialog
      title="Edit project"
      sub="dates, currency and the total budget the checks compare against"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      saveLabel="Save project"
      formError={errors._}
    >
      <TextField id="pf-name" label="Project name" error={errors.name} wide value={f.name} onChange={(name) => setF({ ...f, name })} />
      <DateRangeFields idPrefix="pf" start={f.start} end={f.end} errors={errors} onChange={(patch) => setF({ ...f, ...patch })} />
      <Field
        id="pf-currency"
        label="Currency"
        error={errors.currency}
        hint={
          f.currency.trim().toUpperCase() !== p.currency
            ? `Every figure is converted to ${f.currency.trim().toUpperCase() || '…'} at dated exchange rates; the budget and its splits are converted at today's rate unless you type a new amount.`
            : 'ISO code, e.g. USD; every figure of the project is shown in it'
        }
      >
        <input
          id="pf-currency"
          className={`input${errors.currency ? ' invalid' : ''}`}
          value={f.currency}
          maxLength={3}
          onChange={set('currency')}
          style={{ width: 80 }}
        />
      </Field>
      <Field id="pf-budget" label="Total budget" error={errors.budget} hint={`${f.currency} as a decimal, e.g. 615.50`}>
        <input
          id="pf-budget"
          inputMode="decimal"
          className={`input${errors.budget ? ' invalid' : ''}`}
          value={f.budget}
          onChange={set('budget')}
          style={{ width: 120 }}
        />
      </Field>
      <Field id="pf-source" label="Where the budget comes from" className="pt-wide">
        <input id="pf-source" className="input" value={f.budgetSource} onChange={set('budgetSource')} />
      </Field>
      <Field id="pf-desc" label="Description" className="pt-wide">
        <textarea id="pf-desc" className="input" rows={2} value={f.description} onChange={set('description')} />
      </Field>
    </EditorDialog>
  );
}
