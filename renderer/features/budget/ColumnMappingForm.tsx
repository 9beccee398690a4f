/**
 * The column mapping of a generic CSV (vast.ai, RunPod, Lambda, an internal ledger): which column holds the date,
 * cost, currency, provider, service, resource and tags; date format, decimal separator, sign. Below the form, the first
 * rows as the importer will read them with this mapping (the same pure row mapper main runs), so a wrong date format or
 * decimal separator shows before anything is imported.
 */
import { columnMappingSchema, type ColumnMapping, type ColumnMappingInput } from '../../../shared/domain/billing/column-mapping';
import { createRowMapper, normalizeHeaderName } from '../../../shared/domain/billing/dialects';
import { DATE_FORMATS } from '../../../shared/domain/billing/billing-dates';
import { groupThousands } from './format';

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
type DraftFields = Omit<MappingDraft, 'toMapping'>;

const guess = (header: string[], ...patterns: RegExp[]) => {
  for (const p of patterns) {
    const hit = header.find((h) => p.test(h));
    if (hit) return hit;
  }
  return '';
};

const DATE_FORMAT_LABEL: Record<string, string> = {
  auto: 'auto (2025-12-31, 12/31/2025, 31.12.2025)',
  'YYYY-MM-DD': 'YYYY-MM-DD (2025-12-31)',
  'MM/DD/YYYY': 'MM/DD/YYYY (12/31/2025)',
  'DD/MM/YYYY': 'DD/MM/YYYY (31/12/2025)',
  'DD.MM.YYYY': 'DD.MM.YYYY (31.12.2025)',
  YYYYMMDD: 'YYYYMMDD (20251231)',
};

/** A first guess from the header and the first rows: the user checks it against the preview below the form. */
export function emptyMapping(header: string[] = [], rows: string[][] = []): MappingDraft {
  const costColumn = guess(header, /cost/i, /amount|charge|total|price|sum|betrag/i);
  const dateColumn = guess(header, /^date$/i, /date|day|time|period|datum/i);
  const values = (column: string) => rows.map((r) => (r[header.indexOf(column)] ?? '').trim()).filter((v) => v !== '');
  const costs = costColumn ? values(costColumn) : [];
  const dates = dateColumn ? values(dateColumn) : [];
  const draft: DraftFields = {
    dateColumn,
    dateFormat: dates.length > 0 && dates.every((d) => /^\d{1,2}\.\d{1,2}\.\d{4}/.test(d)) ? 'DD.MM.YYYY' : 'auto',
    costColumn,
    currencyColumn: guess(header, /currency|ccy|währung/i),
    currency: 'USD',
    providerColumn: guess(header, /provider|vendor|cloud/i),
    provider: '',
    serviceColumn: guess(header, /service|product|gpu|type/i),
    resourceColumn: guess(header, /resource|instance|machine|pod|host/i),
    tagColumns: [],
    decimalSeparator:
      costs.length > 0 && costs.some((c) => /^[-+(]?[\d.\s]*\d,\d+\)?$/.test(c)) && !costs.some((c) => /\.\d{1,2}$/.test(c)) ? ',' : '.',
    sign: 'as-is',
    saveAs: '',
  };
  return withMapping(draft);
}

/** A saved mapping back into the form (the file's own spelling of each column). */
export function draftFromMapping(header: string[], mapping: ColumnMapping, name: string): MappingDraft {
  const inFile = (c: string | undefined) =>
    c === undefined ? '' : (header.find((h) => normalizeHeaderName(h) === normalizeHeaderName(c)) ?? c);
  return withMapping({
    dateColumn: inFile(mapping.dateColumn),
    dateFormat: mapping.dateFormat,
    costColumn: inFile(mapping.costColumn),
    currencyColumn: inFile(mapping.currencyColumn),
    currency: mapping.currency ?? 'USD',
    providerColumn: inFile(mapping.providerColumn),
    provider: mapping.provider ?? '',
    serviceColumn: inFile(mapping.serviceColumn),
    resourceColumn: inFile(mapping.resourceColumn),
    tagColumns: mapping.tagColumns.map(inFile),
    decimalSeparator: mapping.decimalSeparator,
    sign: mapping.sign,
    saveAs: name,
  });
}

/** The draft with its `toMapping` rebuilt from the fields. */
export function withMapping(d: DraftFields): MappingDraft {
  return {
    ...d,
    toMapping: () => ({
      ...(d.saveAs.trim() ? { name: d.saveAs.trim() } : {}),
      dateColumn: d.dateColumn,
      dateFormat: d.dateFormat,
      costColumn: d.costColumn,
      ...(d.currencyColumn ? { currencyColumn: d.currencyColumn } : { currency: d.currency }),
      ...(d.providerColumn ? { providerColumn: d.providerColumn } : d.provider.trim() ? { provider: d.provider.trim() } : {}),
      ...(d.serviceColumn ? { serviceColumn: d.serviceColumn } : {}),
      ...(d.resourceColumn ? { resourceColumn: d.resourceColumn } : {}),
      tagColumns: d.tagColumns,
      decimalSeparator: d.decimalSeparator,
      sign: d.sign,
    }),
  };
}

/** The mapping checked by the contract's schema: the value to send, or what is still missing. */
export function checkMapping(draft: MappingDraft): { ok: true; mapping: ColumnMapping } | { ok: false; message: string } {
  if (!draft.dateColumn) return { ok: false, message: 'choose the date column' };
  if (!draft.costColumn) return { ok: false, message: 'choose the cost column' };
  const parsed = columnMappingSchema.safeParse(draft.toMapping());
  if (parsed.success) return { ok: true, mapping: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, message: `${issue.path.join('.') || 'mapping'}: ${issue.message}` };
}

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

const tagsText = (tags: Record<string, string>) =>
  Object.entries(tags)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** The first rows as the importer reads them with the draft mapping: ISO day, exact amount with its currency, or the error. */
export function MappingPreview({ header, rows, draft }: { header: string[]; rows: string[][]; draft: MappingDraft }) {
  const checked = checkMapping(draft);
  if (!checked.ok)
    return (
      <div className="muted" data-testid="mapping-preview-pending">
        Read as: {checked.message}.
      </div>
    );
  let mapper;
  try {
    mapper = createRowMapper(header, { format: 'generic', mapping: checked.mapping });
  } catch (error) {
    return <div className="banner error">{(error as Error).message}</div>;
  }
  const outcomes = rows.map((row, i) => ({ line: i + 2, outcome: mapper.map(row, i + 2) }));
  const bad = outcomes.filter((o) => o.outcome.errors.length > 0).length;
  return (
    <div className="bu-mapping-preview">
      <div className="panel-title">
        <strong>How the first {rows.length} row(s) read</strong>
        <span className={bad > 0 ? 'bu-bad-text' : 'muted'} data-testid="mapping-preview-status">
          {bad > 0
            ? `${bad} of ${rows.length} cannot be read with this mapping: check the date format, decimal separator and columns`
            : 'every row reads: check the dates and amounts against the file above'}
        </span>
      </div>
      <div className="bu-preview-table">
        <table className="data bu-compact" aria-label="Rows as they will be imported">
          <thead>
            <tr>
              <th className="num">Line</th>
              <th>Date (UTC)</th>
              <th className="num">Billed cost</th>
              <th>Currency</th>
              <th>Provider</th>
              <th>Service</th>
              <th>Resource</th>
              <th>Tags</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map(({ line, outcome }) => {
              const l = outcome.lines[0];
              if (outcome.total)
                return (
                  <tr key={line}>
                    <td className="num">{line}</td>
                    <td colSpan={7} className="muted">
                      the file’s own total row: not a line item, not counted
                    </td>
                  </tr>
                );
              if (!l)
                return (
                  <tr key={line} className="bu-row-error">
                    <td className="num">{line}</td>
                    <td colSpan={7}>{outcome.errors.map((e) => e.message).join('; ')}</td>
                  </tr>
                );
              return (
                <tr key={line}>
                  <td className="num">{line}</td>
                  <td>{l.chargePeriodStart.slice(0, 10)}</td>
                  <td className="num mono">{groupThousands(l.billedCost)}</td>
                  <td>{l.currency}</td>
                  <td>{l.provider ?? '—'}</td>
                  <td className="bu-ellipsis" title={l.service ?? undefined}>
                    {l.service ?? '—'}
                  </td>
                  <td className="bu-ellipsis" title={l.resourceId ?? undefined}>
                    {l.resourceId ?? '—'}
                  </td>
                  <td className="bu-ellipsis" title={tagsText(l.tags)}>
                    {tagsText(l.tags) || '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
