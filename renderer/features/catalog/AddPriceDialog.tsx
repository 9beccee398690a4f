import { useEffect, useMemo, useState } from 'react';
import type { OfferingWithPrices } from '../../../shared/domain/catalog';
import type { ExchangeRate } from '../../../shared/domain/budget/types';
import type { SerializedError } from '../../../shared/domain/errors';
import { CATALOG_CURRENCY, priceInCatalogCurrency } from '../../../shared/domain/price-in-currency';
import { api, unwrap } from '../../app/api';
import { Dialog } from '../../ui/Dialog';
import { formatUsd } from './catalog-rows';
import { draftFrom, draftToRequest, fieldErrors, PriceEditor, type PriceDraft } from './PriceEditor';
import { money } from '../../../shared/domain/money-format';

/**
 * "+ Add price" on an offering: a new dated price (catalog:add-price), typed in USD or in another currency the app
 * has rates for. A foreign amount is converted at the rate on or before the price's date; the rate and its date are
 * shown before saving, and the amount as entered is kept in the price's notes. The old prices stay in the history.
 */
export function AddPriceDialog(props: {
  offering: OfferingWithPrices;
  today: string;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const { offering } = props;
  const [draft, setDraft] = useState<PriceDraft>(() => {
    const first = offering.prices[0];
    const kind = first?.kind ?? 'on-demand';
    return { ...draftFrom(null, props.today), kind, per: first?.per ?? 'hour', currency: CATALOG_CURRENCY };
  });
  const [rates, setRates] = useState<ExchangeRate[]>([]);
  const [error, setError] = useState<SerializedError | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void unwrap(api.budget.listRates({ all: true })).then(
      (r) => setRates(r.rates),
      () => setRates([]),
    );
  }, []);
  const currencies = useMemo(() => {
    const set = new Set<string>([CATALOG_CURRENCY]);
    for (const r of rates) (set.add(r.from), set.add(r.to));
    return [CATALOG_CURRENCY, ...[...set].filter((c) => c !== CATALOG_CURRENCY).sort()];
  }, [rates]);
  const currency = draft.currency ?? CATALOG_CURRENCY;
  const conversion = priceInCatalogCurrency(
    { currency, amount: draft.usd, low: draft.usdLow, high: draft.usdHigh, per: draft.per, asOf: draft.asOf },
    rates,
  );
  // A currency without a rate for the price's date is said at once, on the currency field.
  const liveErrors: Record<string, string> =
    !conversion.ok && conversion.field === 'currency' && currency !== CATALOG_CURRENCY ? { currency: conversion.message } : {};
  const errors = { ...fieldErrors(error), ...liveErrors, ...localErrors };

  const save = async () => {
    setError(null);
    if (!conversion.ok) return setLocalErrors({ [conversion.field]: conversion.message });
    setLocalErrors({});
    setSaving(true);
    const request = {
      ...draftToRequest(draft),
      usd: conversion.usd,
      usdLow: conversion.usdLow,
      usdHigh: conversion.usdHigh,
      notes: conversion.note,
      offeringId: offering.id,
    };
    const result = await api.catalog.addPrice(request);
    setSaving(false);
    if (!result.ok) return setError(result.error);
    const shown = `${formatUsd(result.value.price.usd)}${result.value.price.per === 'once' ? '' : ` per ${result.value.price.per}`}`;
    props.onSaved(
      `New ${result.value.price.kind} price for ${offering.sku}: ${shown} as of ${result.value.price.asOf}` +
        (conversion.note ? ` (${conversion.note.replace(/\.$/, '')})` : '') +
        '; the previous prices stay in its history.',
    );
  };

  return (
    <Dialog
      title={`Add a price to ${offering.sku}`}
      sub="A new dated row: estimates use the newest price of each kind, the older ones stay in the history."
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button type="button" className="btn primary" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Add price'}
          </button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <PriceEditor
          draft={draft}
          onChange={(d) => {
            setDraft(d);
            setLocalErrors({});
            setError(null);
          }}
          errors={errors}
          currencies={currencies}
        />
        {currency !== CATALOG_CURRENCY && (
          <p className="small" role="status" data-testid="price-conversion">
            {conversion.ok ? (
              <>
                = <strong>{money('USD', String(conversion.usd))}</strong>
                {draft.per === 'once' ? '' : ` per ${draft.per}`} at {conversion.rateText}. The catalog keeps prices in USD; the amount you
                typed is kept in the price&apos;s notes.
              </>
            ) : conversion.field === 'currency' ? null : (
              <span className="muted">Converted to USD at the rate on or before the price&apos;s date.</span>
            )}
          </p>
        )}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Dialog>
  );
}
