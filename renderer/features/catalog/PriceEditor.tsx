import { useState } from 'react';
import { PRICE_KINDS, PRICE_UNITS, type Price } from '../../../shared/domain/catalog';
import type { SerializedError } from '../../../shared/domain/errors';
import { asSentence, Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { PRICE_KIND_LABELS } from './catalog-rows';

export interface PriceDraft {
  kind: Price['kind'];
  usd: string;
  per: Price['per'];
  usdLow: string;
  usdHigh: string;
  asOf: string;
  source: string;
  /** The currency the amounts are typed in (USD unless the form offers others). */
  currency?: string;
}

export function draftFrom(price: Price | null, today: string): PriceDraft {
  return {
    kind: price?.kind ?? 'on-demand',
    usd: price ? String(price.usd) : '',
    per: price?.per ?? 'hour',
    usdLow: price?.usdLow != null ? String(price.usdLow) : '',
    usdHigh: price?.usdHigh != null ? String(price.usdHigh) : '',
    asOf: today,
    source: '',
  };
}

/** Turns the form's text into the request's numbers; text that is not a number is passed on for the schema to refuse. */
export function draftToRequest(draft: PriceDraft) {
  const num = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    kind: draft.kind,
    usd: num(draft.usd) ?? Number.NaN,
    per: draft.per,
    usdLow: num(draft.usdLow),
    usdHigh: num(draft.usdHigh),
    asOf: draft.asOf,
    source: draft.source,
    notes: null,
  };
}

export function fieldErrors(error: SerializedError | null): Record<string, string> {
  if (!error) return {};
  const out: Record<string, string> = {};
  for (const p of error.details?.problems ?? []) if (p.field && !out[p.field]) out[p.field] = p.message;
  if (error.details?.field && !out[error.details.field]) out[error.details.field] = error.message;
  if (Object.keys(out).length === 0) out._ = error.message;
  return out;
}

/** A dated price form: a changed price is saved as a new row, the old one stays in the history. */
export function PriceEditor(props: {
  draft: PriceDraft;
  onChange: (d: PriceDraft) => void;
  errors: Record<string, string>;
  lockKind?: boolean;
  compact?: boolean;
  /** Currencies the amounts may be typed in (converted to USD with the app's rates); without it, USD only. */
  currencies?: readonly string[];
}) {
  const { draft, onChange, errors } = props;
  const set = (patch: Partial<PriceDraft>) => onChange({ ...draft, ...patch });
  const currency = draft.currency ?? 'USD';
  const [showRange, setShowRange] = useState(draft.usdLow !== '' || draft.usdHigh !== '');
  const input = (
    name: keyof PriceDraft,
    label: string,
    props2: { type?: string; width?: number; placeholder?: string; max?: string } = {},
  ) => (
    <div className="field" style={{ width: props2.width }}>
      <label htmlFor={`price-${name}`}>{label}</label>
      <input
        id={`price-${name}`}
        className={errors[name] ? 'input invalid' : 'input'}
        type={props2.type ?? 'text'}
        value={draft[name]}
        placeholder={props2.placeholder}
        max={props2.max}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `price-${name}-error` : undefined}
        onChange={(e) => set({ [name]: e.target.value } as Partial<PriceDraft>)}
      />
      {errors[name] && (
        <span className="field-error" id={`price-${name}-error`} role="alert">
          {asSentence(errors[name])}
        </span>
      )}
    </div>
  );
  return (
    <div className="price-editor">
      <div className="price-editor-row">
        <Field id="price-kind" label="Kind">
          <Select
            id="price-kind"
            value={draft.kind}
            disabled={props.lockKind}
            onValueChange={(kind) =>
              set({ kind: kind as Price['kind'], per: kind === 'purchase' ? 'once' : kind === 'subscription' ? 'month' : 'hour' })
            }
            options={PRICE_KINDS.map((k) => [k, PRICE_KIND_LABELS[k]])}
          />
        </Field>
        {props.currencies && (
          <Field id="price-currency" label="Currency" error={errors.currency}>
            <Select
              id="price-currency"
              value={currency}
              onValueChange={(c) => set({ currency: c })}
              options={props.currencies.map((c) => [c, c])}
            />
          </Field>
        )}
        {input('usd', `Price (${currency})`, { width: 110, placeholder: '0.00' })}
        <Field id="price-per" label="Per">
          <Select
            id="price-per"
            value={draft.per}
            onValueChange={(per) => set({ per: per as Price['per'] })}
            options={PRICE_UNITS.map((u) => [u, u])}
          />
        </Field>
        {input('asOf', 'As of', { type: 'date', width: 150, max: new Date().toISOString().slice(0, 10) })}
      </div>
      {showRange ? (
        <div className="price-editor-row">
          {input('usdLow', `Low (${currency})`, { width: 110 })}
          {input('usdHigh', `High (${currency})`, { width: 110 })}
        </div>
      ) : (
        <button type="button" className="btn small" onClick={() => setShowRange(true)}>
          + Range (low–high)
        </button>
      )}
      {input('source', 'Source', { placeholder: 'Provider page, quote, invoice…' })}
      {errors._ && (
        <div className="banner error" role="alert">
          {errors._}
        </div>
      )}
    </div>
  );
}
