/**
 * Credits and free tiers (issue 18): dated offsets with an expiry, for one provider or any. The summary line says what
 * the credits cover of the actual spend and of the plan and the forecast after credits; `editable` adds the table and
 * the form (from a seed's preset or by hand).
 */
import { useEffect, useState } from 'react';
import { addDays, format, parseISO } from 'date-fns';
import type { CreditsView } from '../../../shared/ipc/contract/budget-credits';
import { useCreditsStore } from './credits-store';
import { TableHead } from '../../ui/TableHead';
import { DeleteButton } from '../../ui/DeleteButton';
import { amountText } from '../../../shared/domain/money-format';

type Summary = CreditsView['summary'];
const money = (currency: string, v: string) => amountText(currency, v);

export function CreditsLine({ s }: { s: Summary }) {
  return (
    <p className="bu-credits-line" data-testid="credits-line">
      <strong>Credits −{money(s.currency, s.applied)}</strong> ({money(s.currency, s.appliedActual)} of actual spend,{' '}
      {money(s.currency, s.appliedPlanned)} of the plan's remaining weeks) →{' '}
      <strong>forecast after credits {money(s.currency, s.forecastAfter)}</strong>{' '}
      <span className="muted">
        (forecast {money(s.currency, s.forecastBefore)}; {s.basis})
      </span>
    </p>
  );
}

const EMPTY = { providerId: '', name: '', amount: '', currency: 'USD', grantedOn: '', expiresOn: '', source: '' };

function CreditForm({ view, projectId }: { view: CreditsView; projectId: string }) {
  const save = useCreditsStore((s) => s.save);
  const [draft, setDraft] = useState(EMPTY);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const fromPreset = (key: string) => {
    const p = view.presets.find((x) => x.key === key);
    if (!p) return;
    const granted = draft.grantedOn || format(new Date(), 'yyyy-MM-dd');
    const expires = format(addDays(parseISO(granted), p.days - 1), 'yyyy-MM-dd');
    setDraft({
      ...draft,
      providerId: p.providerId,
      name: p.name,
      amount: p.amount,
      grantedOn: granted,
      expiresOn: expires,
      source: p.source,
    });
  };
  const field = (k: keyof typeof EMPTY, label: string, size = 10) => (
    <label className="bu-credit-field">
      <span className="field-label">{label}</span>
      <input className="input" aria-label={`Credit ${label}`} value={draft[k]} onChange={set(k)} size={size} />
    </label>
  );
  return (
    <form
      className="bu-credit-form"
      aria-label="Add a credit"
      onSubmit={(e) => {
        e.preventDefault();
        void save({ ...draft, projectId, providerId: draft.providerId.trim() || null, notes: null }).then((ok) => ok && setDraft(EMPTY));
      }}
    >
      <label className="bu-credit-field">
        <span className="field-label">From a source document</span>
        <select className="input" aria-label="Credit preset" value="" onChange={(e) => fromPreset(e.target.value)}>
          <option value="">choose…</option>
          {view.presets.map((p) => (
            <option key={p.key} value={p.key}>
              {p.name} ({p.amount} for {p.days} days)
            </option>
          ))}
        </select>
      </label>
      {field('name', 'Name', 22)}
      {field('providerId', 'Provider id (empty: any)', 10)}
      {field('amount', 'Amount', 7)}
      {field('currency', 'Currency', 4)}
      {field('grantedOn', 'Granted on', 10)}
      {field('expiresOn', 'Expires on', 10)}
      {field('source', 'Source', 28)}
      <button className="btn small primary" type="submit">
        Add credit
      </button>
    </form>
  );
}

export function CreditsPanel({ editable, projectId, version }: { editable: boolean; projectId: string; version: unknown }) {
  const { view, error, load, remove } = useCreditsStore();
  useEffect(() => {
    void load();
  }, [load, version]);
  if (!view) return null;
  const s = view.summary;
  return (
    <section className="panel bu-credits" aria-label="Credits and free tiers">
      <div className="panel-title">
        <strong>Credits and free tiers</strong>
        <span className="muted">dated offsets: they pay spend on their provider until they run out or expire</span>
      </div>
      {error && (
        <div className="banner error" role="alert">
          {error.message}
        </div>
      )}
      {view.credits.length === 0 ? <p className="muted">No credits yet.</p> : <CreditsLine s={s} />}
      {editable && view.credits.length > 0 && (
        <table className="data bu-table" aria-label="Credits">
          <TableHead
            columns={[
              'Credit',
              'Provider',
              { label: 'Amount', num: true },
              'Granted → expires',
              { label: 'Used (actual + plan)', num: true },
              { label: 'Left', num: true },
              'Status',
              '',
            ]}
          />
          <tbody>
            {s.credits.map((c) => (
              <tr key={c.creditId} data-testid="credit-row">
                <td title={c.source}>{c.name}</td>
                <td>{c.providerId ?? 'any'}</td>
                <td className="num">{money(c.currency, c.amount)}</td>
                <td>
                  {c.grantedOn} → {c.expiresOn}
                </td>
                <td className="num">
                  {money(c.currency, c.usedActual)} + {money(c.currency, c.usedPlanned)}
                </td>
                <td className="num">
                  {money(c.currency, c.remaining)}
                  {c.lostAtExpiry !== '0.00' ? <span className="muted"> ({money(c.currency, c.lostAtExpiry)} lost at expiry)</span> : null}
                </td>
                <td>{c.applied ? c.status : `not applied (${c.currency})`}</td>
                <td>
                  <DeleteButton onDelete={() => void remove(c.creditId)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable && <CreditForm view={view} projectId={projectId} />}
    </section>
  );
}
