/** Which offers the Estimate table shows: rent or buy, provider, GPU, price kind, and the ranking. */
import { Select } from '../../ui/Select';
import type { GpuEstimate } from '../../../shared/estimate/estimate';
import type { RankBy } from '../../../shared/estimate/reliable-ranking';
import { PRICE_KIND_LABEL, shortGpu } from './estimate-format';
import type { OfferFilter, OfferMode } from './estimate-rows';

export const ALL_OFFERS: OfferFilter = { mode: 'rent', provider: '', gpu: '', kind: '', rankBy: 'cost' };

const MODES: Array<{ mode: OfferMode; label: string }> = [
  { mode: 'rent', label: 'Rent' },
  { mode: 'buy', label: 'Buy' },
];

interface Props {
  filter: OfferFilter;
  onChange: (filter: OfferFilter) => void;
  providers: readonly string[];
  gpus: readonly GpuEstimate[];
  kinds: readonly string[];
  /** How many priced offers the table shows. */
  shownCount: number;
}

/** A labelled select of one filter: "all" ('') first, then each option as [value, text]. */
function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <label>
      {props.label} <Select value={props.value} onValueChange={props.onChange} options={props.options} emptyOption="all" />
    </label>
  );
}

export function OfferFilters({ filter, onChange, providers, gpus, kinds, shownCount }: Props) {
  const set = (change: Partial<OfferFilter>) => onChange({ ...filter, ...change });
  return (
    <div className="toolbar est-filters" role="group" aria-label="Which offers">
      <div className="est-mode" role="radiogroup" aria-label="Rent or buy">
        {MODES.map(({ mode, label }) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={filter.mode === mode}
            className={`btn small${filter.mode === mode ? ' primary' : ''}`}
            onClick={() => set({ mode, kind: '' })}
          >
            {label}
          </button>
        ))}
      </div>
      <FilterSelect
        label="Provider"
        value={filter.provider}
        onChange={(provider) => set({ provider })}
        options={providers.map((p) => [p, p])}
      />
      <FilterSelect
        label="GPU"
        value={filter.gpu}
        onChange={(gpu) => set({ gpu })}
        options={gpus.map((g) => [g.gpuId, shortGpu(g.gpuName)])}
      />
      <FilterSelect
        label="Price kind"
        value={filter.kind}
        onChange={(kind) => set({ kind })}
        options={kinds.map((k) => [k, PRICE_KIND_LABEL[k] ?? ''])}
      />
      <label>
        Rank by{' '}
        <select className="input" aria-label="Rank by" value={filter.rankBy} onChange={(e) => set({ rankBy: e.target.value as RankBy })}>
          <option value="cost">cost</option>
          <option value="reliable">cheapest reliable (≥ 4 of 5 stars)</option>
        </select>
      </label>
      <span className="muted">{shownCount} offer(s) shown</span>
    </div>
  );
}
