/**
 * The column mapping of a generic CSV (vast.ai, RunPod, Lambda, an internal ledger): which column holds the date,
 * cost, currency, provider, service, resource and tags; date format, decimal separator, sign. The draft and its checks:
 * column-mapping-draft.ts; the rows as they will read: MappingPreview.tsx.
 */
import { DATE_FORMATS } from '../../../shared/domain/billing/billing-dates';
import { withMapping, type DraftFields, type MappingDraft } from './column-mapping-draft';

const DATE_FORMAT_LABEL: Record<string, string> = {
  auto: 'auto (2025-12-31, 12/31/2025, 31.12.2025)',
  'YYYY-MM-DD': 'YYYY-MM-DD (2025-12-31)',
  'MM/DD/YYYY': 'MM/DD/YYYY (12/31/2025)',
  'DD/MM/YYYY': 'DD/MM/YYYY (31/12/2025)',
  'DD.MM.YYYY': 'DD.MM.YYYY (31.12.2025)',
  YYYYMMDD: 'YYYYMMDD (20251231)',
};

export function ColumnMappingForm({
  header,
  value,
  onChange,
}: {
  header: string[];
  value: MappingDraft;
  onChange: (v: MappingDraft) => void;
}) {
  const set = (patch: Partial<DraftFields>) => onChange(withMapping({ ...value, ...patch }));
  const select = (
    label: string,
    field: 'dateColumn' | 'costColumn' | 'currencyColumn' | 'providerColumn' | 'serviceColumn' | 'resourceColumn',
    required = false,
    none = '— none —',
  ) => (
    <div className="field">
      <label htmlFor={`map-${field}`}>
        {label}
        {required ? ' *' : ''}
      </label>
      <select
        id={`map-${field}`}
        className={`input ${required && !value[field] ? 'invalid' : ''}`}
        value={value[field]}
        onChange={(e) => set({ [field]: e.target.value })}
      >
        <option value="">{required ? '— choose —' : none}</option>
        {header.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="bu-mapping-grid">
      {select('Date column', 'dateColumn', true)}
      <div className="field">
        <label htmlFor="map-date-format">Date format</label>
        <select id="map-date-format" className="input" value={value.dateFormat} onChange={(e) => set({ dateFormat: e.target.value })}>
          {DATE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {DATE_FORMAT_LABEL[f] ?? f}
            </option>
          ))}
        </select>
      </div>
      {select('Cost column', 'costColumn', true)}
      <div className="field">
        <label htmlFor="map-decimal">Decimal separator</label>
        <select
          id="map-decimal"
          className="input"
          value={value.decimalSeparator}
          onChange={(e) => set({ decimalSeparator: e.target.value as '.' | ',' })}
        >
          <option value=".">point: 1,234.56</option>
          <option value=",">comma: 1.234,56</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="map-sign">Sign</label>
        <select id="map-sign" className="input" value={value.sign} onChange={(e) => set({ sign: e.target.value as 'as-is' | 'negate' })}>
          <option value="as-is">as in the file (credits −)</option>
          <option value="negate">negate (spend shown −)</option>
        </select>
      </div>
      {select('Currency column', 'currencyColumn', false, '— none: one currency —')}
      {!value.currencyColumn && (
        <div className="field">
          <label htmlFor="map-currency">Currency (ISO code)</label>
          <input
            id="map-currency"
            className="input"
            value={value.currency}
            onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
            size={5}
          />
        </div>
      )}
      {select('Provider column', 'providerColumn', false, '— none: one provider —')}
      {!value.providerColumn && (
        <div className="field">
          <label htmlFor="map-provider">Provider (fixed)</label>
          <input
            id="map-provider"
            className="input"
            value={value.provider}
            placeholder="e.g. RunPod"
            onChange={(e) => set({ provider: e.target.value })}
          />
        </div>
      )}
      {select('Service column', 'serviceColumn')}
      {select('Resource column', 'resourceColumn')}
      <div className="field bu-tags-field">
        <span className="field-label">Tag columns</span>
        <span className="field-hint">each ticked column becomes a tag an allocation rule can match (e.g. project, track)</span>
        <div className="bu-tag-checks" role="group" aria-label="Tag columns">
          {header.map((h) => (
            <label key={h}>
              <input
                type="checkbox"
                checked={value.tagColumns.includes(h)}
                onChange={(e) => set({ tagColumns: e.target.checked ? [...value.tagColumns, h] : value.tagColumns.filter((x) => x !== h) })}
              />{' '}
              {h}
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}
