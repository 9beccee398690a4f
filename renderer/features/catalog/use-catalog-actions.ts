/**
 * What the Catalog screen does to the catalog, each ending in a message: export and import the price CSV, delete an
 * offering, and refresh after a change (the version tells the open offering's detail to reload its history).
 */
import { useState } from 'react';
import type { OfferingWithPrices } from '../../../shared/domain/catalog';
import { api } from '../../app/api';
import { importRefusalText } from './catalog-text';
import { useCatalog } from './store';

export type CatalogMessage = { kind: 'info' | 'error'; text: string };

export function useCatalogActions() {
  const load = useCatalog((s) => s.load);
  const [message, setMessage] = useState<CatalogMessage | null>(null);
  const [version, setVersion] = useState(0);

  const refresh = async () => {
    await load();
    setVersion((v) => v + 1);
  };
  /** Refreshes, then says what changed. */
  const refreshSaying = (text: string) => void refresh().then(() => setMessage({ kind: 'info', text }));
  const exportCsv = async () => {
    const result = await api.catalog.exportCsv({ bom: false });
    if (!result.ok) return setMessage({ kind: 'error', text: result.error.message });
    if (result.value.file) setMessage({ kind: 'info', text: `Exported ${result.value.rows} price rows to ${result.value.file}` });
  };
  const importCsv = async () => {
    const result = await api.catalog.importCsv({});
    if (!result.ok) return setMessage({ kind: 'error', text: importRefusalText(result.error.message, result.error.details?.problems) });
    if (result.value.file) {
      await refresh();
      setMessage({
        kind: 'info',
        text: `Imported ${result.value.file}: ${result.value.offeringsAdded} offerings and ${result.value.pricesAdded} prices added, ${result.value.unchanged} rows already present.`,
      });
    }
  };
  /** Deletes the offering; `onDeleted` runs before the refresh (e.g. to clear the selection). */
  const deleteOffering = async (offering: OfferingWithPrices, onDeleted: () => void) => {
    const result = await api.catalog.deleteOffering({ id: offering.id });
    if (!result.ok) return setMessage({ kind: 'error', text: result.error.message });
    onDeleted();
    await refresh();
    setMessage({ kind: 'info', text: `Deleted ${offering.sku}.` });
  };
  return { message, setMessage, version, refreshSaying, exportCsv, importCsv, deleteOffering };
}
