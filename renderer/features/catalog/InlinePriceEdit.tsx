import { useState } from 'react';
import type { Price } from '../../../shared/domain/catalog';
import type { SerializedError } from '../../../shared/domain/errors';
import { api } from '../../app/api';
import { formatPrice } from './catalog-rows';
import { draftFrom, draftToRequest, fieldErrors, type PriceDraft } from './PriceEditor';

/** The price cell: click to change the price in place; saving adds a dated row, invalid input is shown and not saved. */
export function InlinePriceEdit({ price, today, onSaved }: { price: Price; today: string; onSaved: () => void }) {
  const [draft, setDraft] = useState<PriceDraft | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);
  const errors = fieldErrors(error);
  if (!draft) {
    return (
      <button
        type="button"
        className="price-cell"
        title={`Change this ${price.kind} price (adds a dated row; history is kept)`}
        onClick={(e) => {
          e.stopPropagation();
          setDraft(draftFrom(price, today));
          setError(null);
        }}
      >
        <span className="num">{formatPrice(price)}</span>
        <span className="edit-mark" aria-hidden="true">
          ✎
        </span>
      </button>
    );
  }
  const save = async () => {
    const result = await api.catalog.addPrice({ ...draftToRequest(draft), offeringId: price.offeringId });
    if (!result.ok) return setError(result.error);
    setDraft(null);
    onSaved();
  };
  const field = (name: 'usd' | 'asOf' | 'source', label: string, width: number, type = 'text') => (
    <label className="inline-field" style={{ width }}>
      <span>{label}</span>
      <input
        aria-label={label}
        className={errors[name] ? 'input invalid' : 'input'}
        type={type}
        value={draft[name]}
        autoFocus={name === 'usd'}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {errors[name] && (
        <span className="field-error" role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );
  return (
    <div className="inline-price-editor" role="group" aria-label="Change price" onClick={(e) => e.stopPropagation()}>
      {field('usd', `USD per ${price.per}`, 96)}
      {field('asOf', 'As of', 138, 'date')}
      {field('source', 'Source', 200)}
      <div className="inline-actions">
        <button type="button" className="btn small primary" onClick={() => void save()}>
          Save
        </button>
        <button type="button" className="btn small" onClick={() => setDraft(null)}>
          Cancel
        </button>
      </div>
      {errors._ && (
        <span className="field-error" role="alert">
          {errors._}
        </span>
      )}
    </div>
  );
}
