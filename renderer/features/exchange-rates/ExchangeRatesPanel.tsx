/**
 * The one editor of exchange rates (issue 25 item 1), in Settings and on the Budget screen's "Budgets & rates" tab:
 * the rates every amount is converted with. The app ships the ECB's
 * monthly euro reference rates (shown as a summary line); a lead adds rates of their own or imports a CSV
 * (`from,to,rate,as_of,source`), which are looked up before the bundled ones. Changing them re-prices every figure.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Response } from '../../../shared/ipc/contract';
import { api, ApiError, unwrap } from '../../app/api';
import { DeleteButton } from '../../ui/DeleteButton';
import { TableHead } from '../../ui/TableHead';

type RatesList = Response<'budget:list-rates'>;
const EMPTY = { from: 'USD', to: 'EUR', rate: '', asOf: '', source: '' };

/** `pair`: the pair the form starts on (the Budget screen's: a billing currency into the project's). */
export function ExchangeRatesPanel({ onChanged, pair }: { onChanged?: () => void; pair?: { from: string; to: string } }) {
  const [list, setList] = useState<RatesList | null>(null);
  const [draft, setDraft] = useState({ ...EMPTY, ...pair });
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null);
  const reload = useCallback(() => void unwrap(api.budget.listRates({})).then(setList, () => setList(null)), []);
  useEffect(reload, [reload]);

  async function act(call: () => Promise<string>) {
    try {
      setMessage({ text: await call(), bad: false });
      reload();
      onChanged?.();
    } catch (error) {
      const e = error instanceof ApiError ? error.error : null;
      const problems = e?.details?.problems?.map((p) => `line ${p.line}, column ${p.column}: ${p.message}`) ?? [];
      setMessage({ text: [error instanceof Error ? error.message : String(error), ...problems.slice(1, 5)].join(' · '), bad: true });
    }
  }

  const bundled = list?.summary.find((s) => s.origin === 'bundled');
  return (
    <section className="panel" aria-label="Exchange rates">
      <div className="panel-title">
        <strong>Exchange rates</strong>
        <span className="muted">
          1 FROM = rate TO from its date; an amount uses the newest rate on or before its date — yours first, else the bundled ones
        </span>
      </div>
      {bundled && (
        <p className="muted" data-testid="bundled-rates">
          Bundled: {bundled.count.toLocaleString('en-US')} ECB euro reference rates (month-end, {bundled.first} to {bundled.last}); other
          pairs go through the euro. Dates after {bundled.last} use that newest rate, and the plan says so.
        </p>
      )}
      <table className="data" aria-label="Your exchange rates">
        <TableHead columns={['From', 'To', { label: 'Rate', num: true }, 'As of', 'Source', '']} />
        <tbody>
          {list && list.rates.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                No rates of your own: the bundled ECB rates apply.
              </td>
            </tr>
          )}
          {list?.rates.map((r) => (
            <tr key={r.id}>
              <td>{r.from}</td>
              <td>{r.to}</td>
              <td className="num">{r.rate}</td>
              <td>{r.asOf}</td>
              <td>
                {r.source}
                {r.origin === 'import' ? ' (imported)' : ''}
              </td>
              <td>
                <DeleteButton onDelete={() => void act(async () => (await unwrap(api.budget.deleteRate({ id: r.id })), 'Rate deleted.'))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const { rate } = await unwrap(api.budget.saveRate(draft));
            setDraft({ ...draft, rate: '', source: '' });
            return `Added 1 ${rate.from} = ${rate.rate} ${rate.to} from ${rate.asOf}.`;
          });
        }}
      >
        <input
          className="input"
          aria-label="Rate from"
          size={4}
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value.toUpperCase() })}
        />
        <span>→</span>
        <input
          className="input"
          aria-label="Rate to"
          size={4}
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value.toUpperCase() })}
        />
        <input
          className="input"
          aria-label="Rate"
          placeholder="rate"
          size={8}
          value={draft.rate}
          onChange={(e) => setDraft({ ...draft, rate: e.target.value })}
        />
        <input
          className="input"
          type="date"
          aria-label="Rate as of"
          value={draft.asOf}
          onChange={(e) => setDraft({ ...draft, asOf: e.target.value })}
        />
        <input
          className="input"
          aria-label="Rate source"
          placeholder="source (e.g. my bank, 2026-11-02)"
          size={22}
          value={draft.source}
          onChange={(e) => setDraft({ ...draft, source: e.target.value })}
        />
        <button className="btn" type="submit">
          Add rate
        </button>
        <label className="btn">
          Import CSV…
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label="Import exchange rates from a CSV file (from,to,rate,as_of,source)"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                void act(async () => {
                  const { imported } = await unwrap(api.budget.importRates({ fileName: file.name, text: await file.text() }));
                  return `Imported ${imported} rates from ${file.name}.`;
                });
            }}
          />
        </label>
      </form>
      {message && (
        <p role={message.bad ? 'alert' : 'status'} className={message.bad ? 'field-error' : 'muted'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
