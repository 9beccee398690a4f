/**
 * The first rows of a generic CSV as the importer will read them with the draft mapping (the same pure row mapper main
 * runs), so a wrong date format or decimal separator shows before anything is imported.
 */
import { createRowMapper } from '../../../shared/domain/billing/dialects';
import { checkMapping, type MappingDraft } from './column-mapping-draft';
import { groupThousands } from './format';
import { TableHead } from '../../ui/TableHead';

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
          <TableHead
            columns={[
              { label: 'Line', num: true },
              'Date (UTC)',
              { label: 'Billed cost', num: true },
              'Currency',
              'Provider',
              'Service',
              'Resource',
              'Tags',
            ]}
          />
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
