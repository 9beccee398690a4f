/** The column mapping of a generic CSV: which column holds the date, cost, currency, provider, service, resource, tags. */
import type { ColumnMappingInput } from '../../../shared/domain/billing/column-mapping';
import { DATE_FORMATS } from '../../../shared/domain/billing/values';

export interface MappingDraft {
  dateColumn: string;
  dateFormat: string;
  costColumn: string;
  currencyColumn: string;
  currency: string;
  providerColumn: string;
  provider: string;
  serviceColumn: string;
  resourceColumn: string;
  tagColumns: string[];
  decimalSeparator: '.' | ',';
  sign: 'as-is' | 'negate';
  saveAs: string;
  toMapping(): ColumnMappingInput;
}

const guess = (header: string[], ...patterns: RegExp[]) => header.find((h) => patterns.some((p) => p.test(h))) ?? '';

export function emptyMapping(header: string[] = []): MappingDraft {
  const draft: Omit<MappingDraft, 'toMapping'> = {
    dateColumn: guess(header, /date|day|time|period/i),
    dateFormat: 'auto',
    costColumn: guess(header, /cost|amount|charge|total|price/i),
    currencyColumn: guess(header, /currency|ccy/i),
    currency: 'USD',
    providerColumn: guess(header, /provider|vendor|cloud/i),
    provider: '',
    serviceColumn: guess(header, /service|product|gpu|type/i),
    resourceColumn: guess(header, /resource|instance|machine|pod|name/i),
    tagColumns: [],
    decimalSeparator: '.',
    sign: 'as-is',
    saveAs: '',
  };
  return withMapping(draft);
}

function withMapping(d: Omit<MappingDraft, 'toMapping'>): MappingDraft {
  return {
    ...d,
    toMapping: () => ({
      ...(d.saveAs.trim() ? { name: d.saveAs.trim() } : {}),
      dateColumn: d.dateColumn,
      dateFormat: d.dateFormat,
      costColumn: d.costColumn,
      ...(d.currencyColumn ? { currencyColumn: d.currencyColumn } : { currency: d.currency }),
      ...(d.providerColumn ? { providerColumn: d.providerColumn } : d.provider ? { provider: d.provider } : {}),
      ...(d.serviceColumn ? { serviceColumn: d.serviceColumn } : {}),
      ...(d.resourceColumn ? { resourceColumn: d.resourceColumn } : {}),
      tagColumns: d.tagColumns,
      decimalSeparator: d.decimalSeparator,
      sign: d.sign,
    }),
  };
}

export function ColumnMappingForm({ header, value, onChange }: { header: string[]; value: MappingDraft; onChange: (v: MappingDraft) => void }) {
  const set = (patch: Partial<Omit<MappingDraft, 'toMapping'>>) => onChange(withMapping({ ...value, ...patch }));
  const select = (label: string, field: 'dateColumn' | 'costColumn' | 'currencyColumn' | 'providerColumn' | 'serviceColumn' | 'resourceColumn', required = false) => (
    <div className="field">
      <label htmlFor={`map-${field}`}>{label}{required ? ' *' : ''}</label>
      <select id={`map-${field}`} className={`input ${required && !value[field] ? 'invalid' : ''}`} value={value[field]} onChange={(e) => set({ [field]: e.target.value })}>
        <option value="">{required ? '— choose —' : '— none —'}</option>
        {header.map((h) => <option key={h} value={h}>{h}</option>)}
      </select>
    </div>
  );
  return (
    <div className="bu-mapping-grid">
      {select('Date column', 'dateColumn', true)}
      <div className="field">
        <label htmlFor="map-date-format">Date format</label>
        <select id="map-date-format" className="input" value={value.dateFormat} onChange={(e) => set({ dateFormat: e.target.value })}>{DATE_FORMATS.map((f) => <option key={f} value={f}>{f}</option>)}</select>
      </div>
      {select('Cost column', 'costColumn', true)}
      <div className="field">
        <label htmlFor="map-decimal">Decimal separator</label>
        <select id="map-decimal" className="input" value={value.decimalSeparator} onChange={(e) => set({ decimalSeparator: e.target.value as '.' | ',' })}><option value=".">. (1,234.56)</option><option value=",">, (1.234,56)</option></select>
      </div>
      <div className="field">
        <label htmlFor="map-sign">Sign</label>
        <select id="map-sign" className="input" value={value.sign} onChange={(e) => set({ sign: e.target.value as 'as-is' | 'negate' })}><option value="as-is">spend is positive</option><option value="negate">spend is negative (negate)</option></select>
      </div>
      {select('Currency column', 'currencyColumn')}
      {!value.currencyColumn && (
        <div className="field"><label htmlFor="map-currency">Fixed currency</label><input id="map-currency" className="input" value={value.currency} onChange={(e) => set({ currency: e.target.value.toUpperCase() })} size={5} /></div>
      )}
      {select('Provider column', 'providerColumn')}
      {!value.providerColumn && (
        <div className="field"><label htmlFor="map-provider">Fixed provider</label><input id="map-provider" className="input" value={value.provider} placeholder="e.g. RunPod" onChange={(e) => set({ provider: e.target.value })} /></div>
      )}
      {select('Service column', 'serviceColumn')}
      {select('Resource column', 'resourceColumn')}
      <div className="field bu-tags-field">
        <label>Tag columns</label>
        <div className="bu-tag-checks">
          {header.map((h) => (
            <label key={h}><input type="checkbox" checked={value.tagColumns.includes(h)} onChange={(e) => set({ tagColumns: e.target.checked ? [...value.tagColumns, h] : value.tagColumns.filter((x) => x !== h) })} /> {h}</label>
          ))}
        </div>
      </div>
      <div className="field"><label htmlFor="map-save-as">Save as (name)</label><input id="map-save-as" className="input" value={value.saveAs} placeholder="e.g. runpod-invoices" onChange={(e) => set({ saveAs: e.target.value })} /></div>
    </div>
  );
}
