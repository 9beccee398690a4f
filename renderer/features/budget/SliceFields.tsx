/**
 * The project's slice of a billing export (issue 32 item 3): accounts, tags, providers and a date window, as in
 * `gpu-planner import FILE --account --tag --provider --from --to`. Used by the import dialog and the source form.
 * Presentational: the fields' text in, the fields' text out, the error of the field in error shown beside it.
 */
import type { FilterFields, filterFromFields } from '../../../shared/domain/billing/import-filter';

const FIELDS: Array<{ key: keyof FilterFields; error: string; label: string; placeholder: string; type?: string }> = [
  { key: 'accounts', error: 'account', label: 'Accounts', placeholder: '123456789012, 1234*' },
  { key: 'tags', error: 'tag', label: 'Tags', placeholder: 'team=vital*, env=prod' },
  { key: 'providers', error: 'provider', label: 'Providers', placeholder: 'AWS, Microsoft*' },
  { key: 'from', error: 'from', label: 'From', placeholder: 'YYYY-MM-DD', type: 'date' },
  { key: 'to', error: 'to', label: 'To', placeholder: 'YYYY-MM-DD', type: 'date' },
];

export function SliceFields({
  idPrefix,
  fields,
  checked,
  onChange,
}: {
  idPrefix: string;
  fields: FilterFields;
  checked: ReturnType<typeof filterFromFields>;
  onChange: (next: FilterFields) => void;
}) {
  return (
    <fieldset className="bu-slice" aria-label="Only these lines">
      <legend>
        Only these lines{' '}
        <span className="muted">
          (optional: lines outside are counted and skipped, never written; lists are comma-separated, globs allowed)
        </span>
      </legend>
      <div className="bu-slice-grid">
        {FIELDS.map((f) => (
          <label key={f.key} className="field-label" htmlFor={`${idPrefix}-${f.key}`}>
            {f.label}
            <input
              id={`${idPrefix}-${f.key}`}
              className="input"
              type={f.type ?? 'text'}
              placeholder={f.placeholder}
              value={fields[f.key]}
              aria-invalid={!checked.ok && checked.field === f.error}
              onChange={(e) => onChange({ ...fields, [f.key]: e.target.value })}
            />
          </label>
        ))}
      </div>
      {!checked.ok && (
        <div className="banner warn" role="alert" data-testid={`${idPrefix}-error`}>
          {checked.field === 'from' || checked.field === 'to' ? checked.field : `${checked.field}s`}: {checked.message}
        </div>
      )}
    </fieldset>
  );
}
