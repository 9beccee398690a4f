/**
 * A newer storage or transfer price for one catalog row (issue 19 item 15): the price per GB-month or per disk-month,
 * or the monthly transfer tiers; the day it was seen and where. Errors sit at their field.
 */
import { useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { StoredDataRateView } from '../../../shared/ipc/contract/catalog-data-rates';
import { api } from '../../app/api';
import { Dialog } from '../../ui/Dialog';
import { Field, NumberField, parseNumber } from '../../ui/Field';
import { fieldErrors } from './PriceEditor';

interface TierDraft {
  upToGb: string;
  usd: string;
}

const today = () => new Date().toISOString().slice(0, 10);

export function StorageRateDialog({ rate, onSaved, onClose }: { rate: StoredDataRateView; onSaved: () => void; onClose: () => void }) {
  const [usd, setUsd] = useState(rate.usd ?? '');
  const [tiers, setTiers] = useState<TierDraft[]>(() =>
    (rate.tiers ?? []).map((t) => ({ upToGb: t.upToGb === null ? '' : String(t.upToGb), usd: t.usd })),
  );
  const [asOf, setAsOf] = useState(today());
  const [region, setRegion] = useState(rate.region);
  const [source, setSource] = useState('');
  const [notes, setNotes] = useState(rate.notes);
  const [error, setError] = useState<SerializedError | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(error);
  const transfer = rate.category === 'transfer';
  const unitText = rate.unit === 'disk-month' ? `per disk per month (${rate.diskGb} GB disk)` : 'per GB-month';

  const setTier = (i: number, key: keyof TierDraft) => (value: string) =>
    setTiers(tiers.map((t, j) => (j === i ? { ...t, [key]: value } : t)));

  async function save() {
    setBusy(true);
    const result = await api.catalog.updateDataRate({
      id: rate.id,
      usd: transfer ? null : usd.trim(),
      tiers: transfer
        ? tiers.map((t) => ({ upToGb: t.upToGb.trim() === '' ? null : (parseNumber(t.upToGb) ?? Number.NaN), usd: t.usd.trim() }))
        : null,
      region,
      asOf,
      source,
      notes,
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    onSaved();
  }

  return (
    <Dialog
      title={`New price: ${rate.sku}`}
      sub={`${rate.providerId} · ${rate.region} · now ${transfer ? 'by monthly tiers' : `$${rate.usd} ${unitText}`}, checked ${rate.asOf}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" disabled={busy} onClick={() => void save()}>
            Save price
          </button>
        </>
      }
    >
      {errors._ && (
        <p className="field-error" role="alert">
          {errors._}
        </p>
      )}
      {transfer ? (
        <fieldset className="tiers">
          <legend>Monthly tiers (GB sent per calendar month; leave the last bound empty: no bound)</legend>
          {errors.tiers && (
            <p className="field-error" role="alert">
              {errors.tiers}
            </p>
          )}
          {tiers.map((t, i) => (
            <div className="row" key={i}>
              <NumberField
                id={`tier-${i}-up`}
                label={`Tier ${i + 1}: up to GB`}
                value={t.upToGb}
                onChange={setTier(i, 'upToGb')}
                width={110}
              />
              <NumberField id={`tier-${i}-usd`} label="USD per GB" value={t.usd} onChange={setTier(i, 'usd')} width={110} />
            </div>
          ))}
        </fieldset>
      ) : (
        <NumberField id="rate-usd" label={`Price, USD ${unitText}`} value={usd} onChange={setUsd} error={errors.usd} autoFocus />
      )}
      <Field id="rate-as-of" label="Checked on" error={errors.asOf}>
        <input id="rate-as-of" className="input" type="date" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
      </Field>
      <Field id="rate-region" label="Region" error={errors.region}>
        <input id="rate-region" className="input" value={region} onChange={(e) => setRegion(e.target.value)} />
      </Field>
      <Field id="rate-source" label="Source (price page address)" error={errors.source}>
        <input id="rate-source" className="input" value={source} onChange={(e) => setSource(e.target.value)} placeholder="https://…" />
      </Field>
      <Field id="rate-notes" label="Notes" error={errors.notes}>
        <input id="rate-notes" className="input" value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
    </Dialog>
  );
}
