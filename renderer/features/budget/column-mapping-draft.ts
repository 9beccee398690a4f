/**
 * The column mapping form's draft: a first guess from a CSV's header and first rows, a saved mapping back into the
 * form, and the draft checked by the contract's schema. Pure (no React), so it is unit-tested.
 */
import { columnMappingSchema, type ColumnMapping, type ColumnMappingInput } from '../../../shared/domain/billing/column-mapping';
import { normalizeHeaderName } from '../../../shared/domain/billing/dialects';

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
export type DraftFields = Omit<MappingDraft, 'toMapping'>;

const guess = (header: string[], ...patterns: RegExp[]) => {
  for (const p of patterns) {
    const hit = header.find((h) => p.test(h));
    if (hit) return hit;
  }
  return '';
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
