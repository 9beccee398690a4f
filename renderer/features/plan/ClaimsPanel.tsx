/**
 * The source document's claims, checked: each with the author's figure and the app's figure computed now (from the
 * current estimator, catalog and plan checks), the verdict the rule gives, and a mark where the stored text is stale.
 */
import { useEffect, useState } from 'react';
import { verdictWords } from '../../../shared/domain/claims/claim-words';
import type { ClaimEvaluationView } from '../../../shared/ipc/contract/plan-claims';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { api } from '../../app/api';
import { readableSource } from '../../../shared/domain/source-documents';
import { BUNDLED_EXAMPLES } from '../../../shared/domain/plan/bundled-examples';
import { useNavigation } from '../../app/navigation';
import { documentCommand } from '../documents/SourceDocumentsScreen';

type Claim = PlanView['plan']['claims'][number];
type Evaluated = { evaluations: ClaimEvaluationView[]; rule: string; evaluatedAt: string };

const verdictClass = (v: string) => (v === 'wrong' ? 'bad' : v === 'ok' ? 'ok' : v === 'restates' ? 'info' : 'warn');

function useClaimEvaluations(view: PlanView): { data: Evaluated | null; error: string | null } {
  const [state, setState] = useState<{ data: Evaluated | null; error: string | null }>({ data: null, error: null });
  const projectId = view.plan.project.id;
  const scenarioId = view.scenario?.id;
  const hasClaims = view.plan.claims.length > 0;
  useEffect(() => {
    if (!hasClaims) return;
    let live = true;
    void api.plan.evaluateClaims({ projectId, ...(scenarioId ? { scenarioId } : {}) }).then((r) => {
      if (live) setState(r.ok ? { data: r.value, error: null } : { data: null, error: r.error.message });
    });
    return () => {
      live = false;
    };
  }, [projectId, scenarioId, hasClaims, view.revision]);
  return state;
}

export function ClaimsTable({ claims, evaluated }: { claims: Claim[]; evaluated: Evaluated | null }) {
  const byId = new Map((evaluated?.evaluations ?? []).map((e) => [e.claimId, e]));
  return (
    <table className="data claims-table">
      <thead>
        <tr>
          <th>Verdict</th>
          <th>Claim (quoted)</th>
          <th>Author's figure</th>
          <th>App's figure (computed now)</th>
          <th>Why</th>
        </tr>
      </thead>
      <tbody>
        {claims.map((c) => {
          const e = byId.get(c.id);
          return (
            <tr key={c.id} data-claim-id={c.id} data-stale={e?.stale ? 'true' : undefined}>
              <td>
                <span className={`badge ${verdictClass(e?.verdict ?? c.verdict)}`}>{verdictWords(e?.verdict ?? c.verdict)}</span>
                {e?.stale ? (
                  <div className="badge bad" title={`The stored text says "${c.verdict}"; the app's figures give "${e.verdict}" today.`}>
                    stale: text says {verdictWords(c.verdict)}
                  </div>
                ) : null}
              </td>
              <td>
                “{c.quote}”<div className="muted">{c.where}</div>
              </td>
              <td className="claim-figure">{e ? e.authorText : '…'}</td>
              <td className="claim-figure">
                <strong>{e ? e.appText : evaluated ? '—' : 'computing…'}</strong>
                {e ? <div className="muted pt-basis">{e.basis}</div> : null}
                {e?.checksSay ? (
                  <div className={e.checksSay.holds === false ? 'badge bad' : 'muted pt-basis'} data-checks-say={String(e.checksSay.holds)}>
                    {e.checksSay.text}:{' '}
                    {e.checksSay.holds === null ? 'no plan to check' : e.checksSay.holds ? 'true today' : 'NO LONGER TRUE'}
                  </div>
                ) : null}
              </td>
              <td className="pt-basis">
                {c.explanation}
                {c.check && 'inputsNote' in c.check ? <div className="muted">Inputs: {c.check.inputsNote}</div> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ClaimsPanel({ view }: { view: PlanView }) {
  const { data, error } = useClaimEvaluations(view);
  const go = useNavigation((n) => n.go);
  const claims = view.plan.claims;
  if (claims.length === 0) return null;
  // The source document the claims quote: their own reference, or the bundled example's.
  const document =
    claims.find((c) => c.source)?.source?.seed ?? BUNDLED_EXAMPLES.find((e) => e.projectId === view.plan.project.id)?.document ?? null;
  const stale = data?.evaluations.filter((e) => e.stale).length ?? 0;
  return (
    <section className="panel" aria-label="Claims to check">
      <div className="panel-title">
        <strong>The source document's claims, checked</strong>
        <span className="muted">{view.plan.project.source ? readableSource(view.plan.project.source) : null}</span>
        {stale ? <span className="badge bad">{stale} stale</span> : null}
        {document ? (
          <button type="button" className="btn small" onClick={() => go('documents', documentCommand(document))}>
            The whole document's claims…
          </button>
        ) : null}
      </div>
      {data ? (
        <p className="muted">
          App's figures computed {data.evaluatedAt.slice(0, 16).replace('T', ' ')} UTC from the current catalog, estimator and plan checks.
          Rule: {data.rule}.
        </p>
      ) : null}
      {error ? <p className="badge bad">Could not compute the app's figures: {error}</p> : null}
      <ClaimsTable claims={claims} evaluated={data} />
      <ul className="pt-notes">
        {view.plan.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
