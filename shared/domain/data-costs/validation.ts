/** Field checks of a stated storage or transfer item: each error names its field and says what is expected. */
import type { FieldError } from '../plan/field-error';
import { dateRange } from '../plan/field-error';
import type { DataCostItem, Plan } from '../plan/types';
import { BUNDLED_DATA_RATES } from './rates';
import type { DataRate } from './rate-schema';

const NEEDS: Record<DataCostItem['kind'], DataRate['category']> = { dataset: 'storage', checkpoints: 'storage', downloads: 'transfer' };
const PER: Record<DataCostItem['kind'], Array<DataCostItem['per']>> = {
  dataset: ['held'],
  checkpoints: ['run'],
  downloads: ['run', 'month'],
};

export function validateDataCost(d: DataCostItem, plan: Plan, rates: readonly DataRate[] = BUNDLED_DATA_RATES): FieldError[] {
  const out: FieldError[] = [];
  const err = (field: string, message: string, value?: string) =>
    out.push({ entity: 'dataCost', id: d.id, field, message, ...(value === undefined ? {} : { value }) });
  if (!d.label.trim()) err('label', 'Say what the data is (e.g. "M3 dataset, 1000 cases").');
  if (!Number.isFinite(d.gb) || d.gb < 0) err('gb', 'Size in GB: a number of 0 or more.', String(d.gb));
  if (!PER[d.kind].includes(d.per)) err('per', `A ${d.kind} item is counted ${PER[d.kind].join(' or ')}.`, d.per);
  if (d.per === 'run' && (d.runs === null || !Number.isInteger(d.runs) || d.runs < 1))
    err('runs', 'Number of runs: a whole number of 1 or more.', String(d.runs));
  if (d.trackId !== null && !plan.tracks.some((t) => t.id === d.trackId))
    err('trackId', 'Choose a track of this plan, or the whole project.');
  const rate = rates.find((r) => r.id === d.rateId);
  if (!rate) err('rateId', 'Choose a storage or transfer price from the catalog.', d.rateId);
  else if (rate.category !== NEEDS[d.kind])
    err('rateId', `A ${d.kind} item needs a ${NEEDS[d.kind]} price; ${rate.sku} is ${rate.category}.`, d.rateId);
  dateRange(out, 'dataCost', d.id, d.start, d.end);
  return out;
}
