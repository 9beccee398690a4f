import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import type { Gpu, OfferingWithPrices, Provider } from '../../../shared/domain/catalog';
import type { SerializedError } from '../../../shared/domain/errors';
import { api } from '../../app/api';
import { draftFrom, draftToRequest, fieldErrors, PriceEditor, type PriceDraft } from './PriceEditor';

interface Props {
  providers: Provider[];
  gpus: Gpu[];
  /** Editing one of your own offerings; absent to create a new one. */
  offering?: OfferingWithPrices;
  today: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}

const toNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** Add or edit one of your own offerings, e.g. the lab's 2×RTX 4090 box with its purchase price and power draw. */
export function OfferingDialog({ providers, gpus, offering, today, onClose, onSaved }: Props) {
  const [form, setForm] = useState({
    providerId: offering?.providerId ?? 'local',
    sku: offering?.sku ?? '',
    gpuId: offering?.gpuId ?? 'rtx-4090-24gb',
    gpuCount: String(offering?.gpuCount ?? 1),
    vcpus: offering?.vcpus != null ? String(offering.vcpus) : '',
    ramGiB: offering?.ramGiB != null ? String(offering.ramGiB) : '',
    region: offering?.region ?? '',
    powerWatts: offering?.powerWatts != null ? String(offering.powerWatts) : '',
    notes: offering?.notes ?? '',
  });
  const [price, setPrice] = useState<PriceDraft>({ ...draftFrom(null, today), kind: 'purchase', per: 'once' });
  const [error, setError] = useState<SerializedError | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = fieldErrors(error);
  const offeringErrors = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k.replace(/^offering\./, '').replace(/^changes\./, ''), v]),
  );
  const priceErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith('prices.'))
      .map(([k, v]) => [k.replace(/^prices\.\d+\./, ''), v]),
  );

  const save = async () => {
    setSaving(true);
    const fields = {
      providerId: form.providerId,
      sku: form.sku,
      gpuId: form.gpuId,
      gpuCount: Number(form.gpuCount),
      vcpus: toNumber(form.vcpus),
      ramGiB: toNumber(form.ramGiB),
      region: form.region.trim() || null,
      powerWatts: toNumber(form.powerWatts),
      notes: form.notes.trim() || null,
    };
    const result = offering
      ? await api.catalog.updateOffering({ id: offering.id, changes: fields })
      : await api.catalog.createOffering({ offering: fields, prices: price.usd.trim() === '' ? [] : [draftToRequest(price)] });
    setSaving(false);
    if (!result.ok) return setError(result.error);
    onSaved(result.value.offering.id);
  };

  const text = (name: keyof typeof form, label: string, hint?: string, width?: number) => (
    <div className="field" style={{ width }}>
      <label htmlFor={`offering-${name}`}>{label}</label>
      <input
        id={`offering-${name}`}
        className={offeringErrors[name] ? 'input invalid' : 'input'}
        value={form[name]}
        aria-invalid={Boolean(offeringErrors[name])}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {offeringErrors[name] ? (
        <span className="field-error" role="alert">
          {offeringErrors[name]}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );

  return (
    <Dialog
      title={offering ? `Edit ${offering.sku}` : 'Add your own offering'}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : offering ? 'Save changes' : 'Add offering'}
          </button>
        </>
      }
    >
      <div className="form-grid">
        <Field id="offering-provider" label="Provider">
          <Select
            id="offering-provider"
            value={form.providerId}
            onValueChange={(providerId) => setForm({ ...form, providerId })}
            options={providers.map((p) => [p.id, p.name])}
          />
        </Field>
        {text('sku', 'Name or SKU', 'e.g. "Lab box 2×RTX 4090"')}
        <div className="field">
          <label htmlFor="offering-gpu">GPU</label>
          <Select
            id="offering-gpu"
            invalid={Boolean(offeringErrors.gpuId)}
            value={form.gpuId}
            onValueChange={(gpuId) => setForm({ ...form, gpuId })}
            options={gpus.map((g) => [g.id, `${g.name} (${g.memoryGiB} GiB)`])}
          />
          {offeringErrors.gpuId && (
            <span className="field-error" role="alert">
              {offeringErrors.gpuId}
            </span>
          )}
        </div>
        {text('gpuCount', 'GPUs', undefined, 90)}
        {text('vcpus', 'vCPUs', undefined, 90)}
        {text('ramGiB', 'RAM (GiB)', undefined, 100)}
        {text('region', 'Region / location')}
        {text('powerWatts', 'Power under load (W)', 'for electricity cost of local machines', 170)}
      </div>
      <div className="field">
        <label htmlFor="offering-notes">Notes</label>
        <textarea
          id="offering-notes"
          className="input"
          rows={2}
          value={form.notes}
          onChange={(e) => setForm({ ...form, notes: e.target.value })}
          placeholder="Session limits, reliability, who to ask for access…"
        />
      </div>
      {!offering && (
        <fieldset className="panel">
          <legend className="field-label">First price (optional)</legend>
          <PriceEditor draft={price} onChange={setPrice} errors={priceErrors} />
        </fieldset>
      )}
      {errors._ && (
        <div className="banner error" role="alert">
          {errors._}
        </div>
      )}
    </Dialog>
  );
}
