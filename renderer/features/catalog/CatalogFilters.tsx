/** The Offerings toolbar's filters: search, provider, GPU, price kind, minimum memory, maximum $/GPU-hour. */
import { PRICE_KINDS, type Gpu, type Provider } from '../../../shared/domain/catalog';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import type { CatalogFilter } from './catalog-filter';
import { PRICE_KIND_LABELS } from './catalog-rows';

interface Props {
  filter: CatalogFilter;
  onChange: (filter: CatalogFilter) => void;
  providers: readonly Provider[];
  gpus: readonly Gpu[];
}

export function CatalogFilters({ filter, onChange, providers, gpus }: Props) {
  const set = (change: Partial<CatalogFilter>) => onChange({ ...filter, ...change });
  return (
    <>
      <TextInput
        type="search"
        placeholder="Search offerings, GPUs, sources…"
        aria-label="Search"
        value={filter.search}
        onValueChange={(search) => set({ search })}
        style={{ width: 240 }}
      />
      <Select
        aria-label="Provider"
        emptyOption="All providers"
        value={filter.provider}
        onValueChange={(provider) => set({ provider })}
        options={providers.map((p) => [p.id, p.name])}
      />
      <Select
        aria-label="GPU"
        emptyOption="All GPUs"
        value={filter.gpuId}
        onValueChange={(gpuId) => set({ gpuId })}
        options={gpus.map((g) => [g.id, g.name])}
      />
      <Select
        aria-label="Price kind"
        emptyOption="All price kinds"
        value={filter.kind}
        onValueChange={(kind) => set({ kind })}
        options={PRICE_KINDS.map((k) => [k, PRICE_KIND_LABELS[k]])}
      />
      <label className="inline-filter">
        Memory ≥{' '}
        <TextInput
          aria-label="Minimum memory (GiB)"
          inputMode="numeric"
          value={filter.minMemory}
          onValueChange={(minMemory) => set({ minMemory })}
          style={{ width: 56 }}
        />{' '}
        GiB
      </label>
      <label className="inline-filter">
        $/GPU-h ≤{' '}
        <TextInput
          aria-label="Maximum price per GPU-hour (USD)"
          inputMode="decimal"
          value={filter.maxPerGpuHour}
          onValueChange={(maxPerGpuHour) => set({ maxPerGpuHour })}
          style={{ width: 64 }}
        />
      </label>
    </>
  );
}
