/** A capacity pool's form: what the team can get at once (a quota, an account, a machine) and what it admits. */
import { useState } from 'react';
import { newId } from '../../../../shared/domain/plan/booking';
import type { CapacityPool } from '../../../../shared/domain/plan/types';
import { Field, NumberField, parseNumber } from '../../../ui/Field';
import { gpuShort } from '../timeline-model';
import { EditorDialog, missingOffering, offeringText, TextField, useErrors, type EditorProps } from './editor-parts';

export function PoolForm({ view, id, error, busy, onEdit, onClose }: EditorProps & { id: string | null }) {
  const { plan } = view;
  const existing = id ? plan.pools.find((p) => p.id === id) : undefined;
  const [f, setF] = useState(() => ({
    name: existing?.name ?? '',
    capacity: String(existing?.capacity ?? 1),
    unit: existing?.unit ?? 'gpus',
    notes: existing?.notes ?? '',
  }));
  const [offeringIds, setOfferingIds] = useState<string[]>(existing?.offeringIds ?? []);
  const [gpuIds, setGpuIds] = useState<string[]>(existing?.gpuIds ?? []);
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...useErrors(error), ...local };
  const offerings = [...view.catalog.offerings].sort((a, b) => a.label.localeCompare(b.label));
  for (const oid of offeringIds) if (!offerings.some((o) => o.id === oid)) offerings.unshift(missingOffering(oid));
  const gpus = [...new Set([...view.catalog.offerings.map((o) => o.gpuId), ...gpuIds])].sort();
  async function save() {
    const capacity = parseNumber(f.capacity);
    if (capacity === null) return setLocal({ capacity: 'Capacity is a number above 0.' });
    setLocal({});
    const value: CapacityPool = {
      id: existing?.id ?? newId('pool'),
      projectId: plan.project.id,
      name: f.name.trim(),
      capacity,
      unit: f.unit as CapacityPool['unit'],
      offeringIds,
      gpuIds,
      notes: f.notes.trim() || null,
    };
    if (await onEdit({ type: 'upsert', entity: 'pool', value })) onClose();
  }
  async function remove() {
    if (existing && (await onEdit({ type: 'remove', entity: 'pool', id: existing.id }))) onClose();
  }
  const pick = (e: React.ChangeEvent<HTMLSelectElement>) => [...e.target.selectedOptions].map((o) => o.value);
  return (
    <EditorDialog
      title={existing ? `Edit capacity pool · ${existing.name}` : 'Add capacity pool'}
      sub="what the team can actually get at once: a quota, an account, a machine"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      saveLabel={existing ? 'Save pool' : 'Add pool'}
      onDelete={existing ? () => void remove() : undefined}
      formError={errors._}
    >
      <TextField
        id="cf-name"
        label="Pool name"
        error={errors.name}
        wide
        autoFocus
        value={f.name}
        onChange={(name) => setF({ ...f, name })}
      />
      <NumberField
        id="cf-capacity"
        label="Capacity"
        error={errors.capacity}
        value={f.capacity}
        onChange={(capacity) => setF({ ...f, capacity })}
        step="any"
        width={90}
      />
      <Field id="cf-unit" label="Unit">
        <select
          id="cf-unit"
          className="input"
          value={f.unit}
          onChange={(e) => setF({ ...f, unit: e.target.value as CapacityPool['unit'] })}
        >
          <option value="gpus">GPUs at once</option>
          <option value="vcpus">vCPUs of quota</option>
        </select>
      </Field>
      <Field
        id="cf-offerings"
        label={`Offerings admitted (${offeringIds.length})`}
        error={errors.offeringIds}
        className="pt-wide"
        hint="Ctrl/Shift-click to choose several"
      >
        <select
          id="cf-offerings"
          multiple
          size={7}
          className={`input${errors.offeringIds ? ' invalid' : ''}`}
          value={offeringIds}
          onChange={(e) => setOfferingIds(pick(e))}
        >
          {offerings.map((o) => (
            <option key={o.id} value={o.id}>
              {offeringText(o)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="cf-gpus" label={`GPU types admitted (${gpuIds.length})`} hint="any offering with that GPU, and GPU-only bookings">
        <select id="cf-gpus" multiple size={7} className="input" value={gpuIds} onChange={(e) => setGpuIds(pick(e))}>
          {gpus.map((g) => (
            <option key={g} value={g}>
              {gpuShort(g)} ({g})
            </option>
          ))}
        </select>
      </Field>
      <Field id="cf-notes" label="Notes" className="pt-wide">
        <input id="cf-notes" className="input" value={f.notes} onChange={(e) => setF({ ...f, notes: e.target.value })} />
      </Field>
    </EditorDialog>
  );
}
