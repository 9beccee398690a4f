import { create } from 'zustand';
import type { Gpu, OfferingWithPrices, Provider } from '../../../shared/domain/catalog';
import type { Discrepancy } from '../../../shared/ipc/contract/catalog';
import { api, unwrap } from '../../app/api';

interface CatalogState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  gpus: Gpu[];
  providers: Provider[];
  offerings: OfferingWithPrices[];
  discrepancies: Discrepancy[];
  load(): Promise<void>;
}

export const useCatalog = create<CatalogState>((set) => ({
  status: 'idle',
  error: null,
  gpus: [],
  providers: [],
  offerings: [],
  discrepancies: [],
  load: async () => {
    set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', error: null }));
    try {
      const [gpus, providers, offerings, discrepancies] = await Promise.all([
        unwrap(api.catalog.listGpus({})),
        unwrap(api.catalog.listProviders({})),
        unwrap(api.catalog.listOfferings({})),
        unwrap(api.catalog.listDiscrepancies({})),
      ]);
      set({
        status: 'ready',
        gpus: gpus.gpus,
        providers: providers.providers,
        offerings: offerings.offerings,
        discrepancies: discrepancies.discrepancies,
      });
    } catch (error) {
      set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
    }
  },
}));
