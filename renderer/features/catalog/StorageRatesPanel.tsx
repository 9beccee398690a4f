/**
 * The catalog's storage and data-transfer prices (issue 19 item 15): one dated, sourced row per provider and tier, as
 * plans price their datasets, checkpoints and downloads. Each row can take a newer price.
 */
import { useCallback, useEffect, useState } from 'react';
import { describeRate } from '../../../shared/domain/data-costs/rates';
import type { StoredDataRateView } from '../../../shared/ipc/contract/catalog-data-rates';
import { api } from '../../app/api';
import { StorageRateDialog } from './StorageRateDialog';
import { readableSource, shortSource } from '../../../shared/domain/source-documents';

const CATEGORY = { storage: 'Storage', transfer: 'Transfer out' } as const;

export function StorageRatesPanel() {
  const [rates, setRates] = useState<StoredDataRateView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<StoredDataRateView | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await api.catalog.listDataRates({});
    if (!result.ok) return setError(result.error.message);
    setRates(result.value.rates);
  }, []);
  useEffect(() => void load(), [load]);

  return (
    <div className="storage-rates">
      <p className="muted">
        Storage and data-transfer prices: plans price their datasets, checkpoints and downloads from these rows. Storage is per GB-month, or
        per disk per month for managed disks; transfer out is per GB sent in a calendar month, by tiers.
      </p>
      {error && (
        <div className="banner error" role="alert">
          Could not load the storage and transfer prices: {error}
        </div>
      )}
      {saved && (
        <div className="banner info" role="status">
          {saved}
        </div>
      )}
      <table className="data compact">
        <caption className="sr-only">Storage and transfer prices, {rates.length} rows</caption>
        <thead>
          <tr>
            <th scope="col">Provider</th>
            <th scope="col">Kind</th>
            <th scope="col">Service / tier</th>
            <th scope="col">Price (USD)</th>
            <th scope="col">Region</th>
            <th scope="col">Checked on</th>
            <th scope="col">Source</th>
            <th scope="col">
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.id} data-rate={r.id}>
              <td>{r.providerId}</td>
              <td>{CATEGORY[r.category]}</td>
              <td>{r.sku}</td>
              <td title={r.notes}>{describeRate(r)}</td>
              <td>{r.region}</td>
              <td className="nowrap">
                {r.asOf}
                {r.edited ? ' (entered here)' : ''}
              </td>
              <td className="source" title={readableSource(r.source)}>
                {shortSource(r.source)}
              </td>
              <td>
                <button type="button" className="btn small" aria-label={`New price for ${r.sku}`} onClick={() => setEditing(r)}>
                  New price
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <StorageRateDialog
          rate={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setSaved(`Saved the new price of ${editing.sku}. Plans price their storage and transfer lines from it.`);
            setEditing(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
