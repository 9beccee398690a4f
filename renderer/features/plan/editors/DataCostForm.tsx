/**
 * A stated storage or transfer need (issue 19 item 15): a dataset on a storage tier, checkpoints per run, model
 * downloads per run or per month; priced from the dated storage and transfer rows, whose price, date and source show
 * under the choice.
 */
import { useState } from 'react';
import { newId } from '../../../../shared/domain/plan/booking';
import type { DataCostItem, DataCostKind } from '../../../../shared/domain/plan/types';
import { BUNDLED_DATA_RATES, describeRate } from '../../../../shared/domain/data-costs/rates';
import { Dialog } from '../../../ui/Dialog';
import { Field, NumberField, parseNumber } from '../../../ui/Field';
import { Actions, FORM_ID, FormError, useErrors, type TrackPartEditorProps } from './editor-parts';

const KINDS: Record<DataCostKind, { label: string; category: 'storage' | 'transfer'; per: Array<DataCostItem['per']>; size: string }> = {
  dataset: { label: 'Dataset kept on storage', category: 'storage', per: ['held'], size: 'Dataset size (GB)' },
  checkpoints: { label: 'Checkpoints kept per run', category: 'storage', per: ['run'], size: 'Checkpoints per run (GB)' },
  downloads: { label: 'Model downloads / data sent out (egress)', category: 'transfer', per: ['run', 'month'], size: 'Sent out (GB)' },
};
const PER_LABEL: Record<DataCostItem['per'], string> = { held: 'held for the dates', run: 'per run', month: 'per month' };

export function DataCostForm({ view, id, trackId, error, busy, onEdit, onClose }: TrackPartEditorProps) {
  const { plan } = view;
  const existing = id ? plan.dataCosts?.find((d) => d.id === id) : undefined;
  const [f, setF] = useState(() => ({
    kind: existing?.kind ?? ('dataset' as DataCostKind),
    label: existing?.label ?? '',
    trackId: existing ? (existing.trackId ?? '') : (trackId ?? ''),
    gb: existing ? String(existing.gb) : '',
    per: existing?.per ?? ('held' as DataCostItem['per']),
    runs: existing?.runs != null ? String(existing.runs) : '',
    rateId: existing?.rateId ?? 'azure-blob-hot',
    start: existing?.start ?? plan.project.start,
    end: existing?.end ?? plan.project.end,
    source: existing?.source ?? '',
  }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const serverErrors = useErrors(error);
  const errors = { ...serverErrors, ...local };
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const kind = KINDS[f.kind];
  const catalogRates = view.catalog.dataRates ?? BUNDLED_DATA_RATES;
  const rates = catalogRates.filter((r) => r.category === kind.category);
  const rate = catalogRates.find((r) => r.id === f.rateId);

  function changeKind(next: DataCostKind) {
    const k = KINDS[next];
    const keepRate = rate?.category === k.category;
    setF({
      ...f,
      kind: next,
      per: k.per[0]!,
      rateId: keepRate ? f.rateId : (catalogRates.find((r) => r.category === k.category)?.id ?? ''),
    });
  }

  async function save() {
    const gb = parseNumber(f.gb);
    const runs = f.per === 'run' ? parseNumber(f.runs) : null;
    const missing: Record<string, string> = {};
    if (gb === null) missing.gb = 'Size in GB: a number such as 24 or 1.2.';
    if (f.per === 'run' && runs === null) missing.runs = 'Number of runs: a whole number such as 4.';
    setLocal(missing);
    if (Object.keys(missing).length) return;
    const value: DataCostItem = {
      id: existing?.id ?? newId('data'),
      trackId: f.trackId || null,
      kind: f.kind,
      label: f.label.trim(),
      gb: gb!,
      per: f.per,
      runs,
      rateId: f.rateId,
      start: f.start,
      end: f.end,
      source: f.source.trim(),
    };
    if (await onEdit({ type: 'upsert', entity: 'dataCost', value })) onClose();
  }
  async function remove() {
    if (existing && (await onEdit({ type: 'remove', entity: 'dataCost', id: existing.id }))) onClose();
  }
  return (
    <Dialog
      className="pt-dialog"
      closeOnBackdrop
      title={existing ? `Edit storage or transfer · ${existing.label}` : 'Add storage or transfer'}
      sub="priced from dated storage and transfer prices; shown as its own line, never in the GPU cost"
      onClose={onClose}
      actions={
        <Actions
          busy={busy}
          onClose={onClose}
          saveLabel={existing ? 'Save' : 'Add'}
          onDelete={existing ? () => void remove() : undefined}
        />
      }
    >
      <form
        id={FORM_ID}
        className="pt-form"
        aria-label="Storage or transfer"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field id="dc-kind" label="What">
          <select id="dc-kind" className="input" value={f.kind} onChange={(e) => changeKind(e.target.value as DataCostKind)}>
            {Object.entries(KINDS).map(([k, v]) => (
              <option key={k} value={k}>
                {v.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dc-track" label="For">
          <select id="dc-track" className="input" value={f.trackId} onChange={set('trackId')}>
            <option value="">the whole project</option>
            {plan.tracks.map((t) => (
              <option key={t.id} value={t.id}>
                track {t.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dc-label" label="Name" error={errors.label} className="pt-wide">
          <input id="dc-label" className={`input${errors.label ? ' invalid' : ''}`} value={f.label} onChange={set('label')} autoFocus />
        </Field>
        <NumberField
          id="dc-gb"
          label={kind.size}
          error={errors.gb}
          hint="GB (1 GB = 1,000 MB)"
          value={f.gb}
          onChange={(gb) => setF({ ...f, gb })}
          width={110}
        />
        <Field id="dc-per" label="Counted" error={errors.per}>
          <select id="dc-per" className="input" value={f.per} onChange={set('per')} disabled={kind.per.length === 1}>
            {kind.per.map((p) => (
              <option key={p} value={p}>
                {PER_LABEL[p]}
              </option>
            ))}
          </select>
        </Field>
        {f.per === 'run' && (
          <NumberField
            id="dc-runs"
            label="Runs"
            integer
            error={errors.runs}
            hint="runs"
            value={f.runs}
            onChange={(runs) => setF({ ...f, runs })}
            width={80}
          />
        )}
        <Field
          id="dc-rate"
          label={kind.category === 'storage' ? 'Storage tier (price)' : 'Transfer price'}
          error={errors.rateId}
          className="pt-wide"
          hint={rate ? `${describeRate(rate)} · as of ${rate.asOf} · ${rate.region} · source: ${rate.source}` : undefined}
        >
          <select id="dc-rate" className={`input${errors.rateId ? ' invalid' : ''}`} value={f.rateId} onChange={set('rateId')}>
            {rates.map((r) => (
              <option key={r.id} value={r.id}>
                {r.providerId} · {r.sku}
              </option>
            ))}
          </select>
        </Field>
        <Field id="dc-start" label="From" error={errors.start}>
          <input id="dc-start" type="date" className={`input${errors.start ? ' invalid' : ''}`} value={f.start} onChange={set('start')} />
        </Field>
        <Field id="dc-end" label="To" error={errors.end}>
          <input id="dc-end" type="date" className={`input${errors.end ? ' invalid' : ''}`} value={f.end} onChange={set('end')} />
        </Field>
        <Field id="dc-source" label="Where the figure comes from" className="pt-wide" hint="your words or the document line">
          <input id="dc-source" className="input" value={f.source} onChange={set('source')} />
        </Field>
      </form>
      <FormError message={errors._} />
    </Dialog>
  );
}
