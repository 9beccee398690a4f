/**
 * Source documents: the five hand-written planning documents the examples were transcribed from, each claim with
 * its quote and place, the author's figure beside the app's (computed now from the estimator, catalog and plan
 * checks), the verdict by the rule, the basis and the inputs — also the claims of a document that belongs to no
 * project. Each document links to the example project made from it.
 */
import { useEffect, useState } from 'react';
import type { SourceDocumentsView } from '../../../shared/ipc/contract/plan-claims';
import { claimBasesText, tallyClaimBases } from '../../../shared/domain/claims/claim-basis';
import { documentLines, verdictCountsText, verdictWords } from '../../../shared/domain/claims/claim-words';
import { plural } from '../../../shared/domain/count-words';
import { api } from '../../app/api';
import { useNavigation } from '../../app/navigation';
import { Tabs } from '../../ui/Tabs';
import { useProjects } from '../projects/store';
import './documents.css';

type DocumentView = SourceDocumentsView['documents'][number];

const verdictClass = (v: string) => (v === 'wrong' ? 'bad' : v === 'ok' ? 'ok' : v === 'restates' ? 'info' : 'warn');

/** The navigation command that opens one document's tab ("document:003"), sent by a project's claims panel. */
export const documentCommand = (number: string) => `document:${number}`;

function useSourceDocuments(): { view: SourceDocumentsView | null; error: string | null } {
  const [state, setState] = useState<{ view: SourceDocumentsView | null; error: string | null }>({ view: null, error: null });
  useEffect(() => {
    let live = true;
    void api.plan.listSourceDocuments({}).then((r) => {
      if (live) setState(r.ok ? { view: r.value, error: null } : { view: null, error: r.error.message });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

function DocumentClaims({ doc }: { doc: DocumentView }) {
  const go = useNavigation((n) => n.go);
  const openProject = async (projectId: string) => {
    await useProjects.getState().switchTo(projectId);
    go('plan');
  };
  return (
    <section className="panel sd-document" aria-label={`Source document ${doc.number}`} data-document={doc.number}>
      <div className="panel-title sd-title">
        <h2>“{doc.title}”</h2>
        <span className="muted">
          {plural(doc.claims.length, 'claim')}: {verdictCountsText(doc.counts)}
        </span>
        <span className="spacer" />
        {doc.projectId ? (
          <button type="button" className="btn small" onClick={() => void openProject(doc.projectId!)}>
            Open the example project “{doc.projectName}”
          </button>
        ) : (
          <span className="muted">No example project: its claims are checked here only.</span>
        )}
      </div>
      <table className="data claims-table sd-table">
        <thead>
          <tr>
            <th scope="col">Verdict</th>
            <th scope="col">Claim (quoted)</th>
            <th scope="col">Author's figure</th>
            <th scope="col">App's figure (computed now)</th>
            <th scope="col">Inputs and why</th>
          </tr>
        </thead>
        <tbody>
          {doc.claims.map((c) => (
            <tr key={c.id} data-claim-id={c.id}>
              <td>
                <span className={`badge ${verdictClass(c.evaluation.verdict)}`}>{verdictWords(c.evaluation.verdict)}</span>
                {c.evaluation.stale ? (
                  <div className="badge bad" title={`The stored text says "${c.evaluation.storedVerdict}".`}>
                    stale: text says {verdictWords(c.evaluation.storedVerdict)}
                  </div>
                ) : null}
              </td>
              <td>
                “{c.quote}”
                <div className="muted">
                  {c.where}
                  {c.lines.length ? ` (${documentLines(c.lines)})` : ''}
                </div>
              </td>
              <td className="claim-figure">{c.evaluation.authorText}</td>
              <td className="claim-figure">
                <strong>{c.evaluation.appText}</strong>
                <div className="muted pt-basis">{c.evaluation.basis}</div>
              </td>
              <td className="pt-basis">
                <div>Inputs: {c.inputs}</div>
                <div className="muted">{c.explanation}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function SourceDocumentsScreen() {
  const { view, error } = useSourceDocuments();
  const [selected, setSelected] = useState<string>('all');
  const pendingCommand = useNavigation((n) => n.pendingCommand);
  useEffect(() => {
    if (!pendingCommand?.startsWith('document:')) return;
    const command = useNavigation.getState().takeCommand();
    if (command) setSelected(command.slice('document:'.length));
  }, [pendingCommand]);

  const documents = view?.documents ?? [];
  const shown = selected === 'all' ? documents : documents.filter((d) => d.number === selected);
  const total = documents.reduce((n, d) => n + d.claims.length, 0);
  return (
    <div className="screen sd-screen" data-documents-ready={view ? 'true' : 'false'}>
      <header className="screen-header">
        <h1>Source documents</h1>
        <span className="muted">
          The hand-written planning documents the examples come from: every claim in them, set against the app's own figures.
        </span>
      </header>
      {error ? <p className="badge bad">Could not check the documents' claims: {error}</p> : null}
      {view ? (
        <>
          <p className="muted sd-rule">
            {plural(total, 'claim')} in {plural(documents.length, 'document')}, the app's figures computed{' '}
            {view.evaluatedAt.slice(0, 16).replace('T', ' ')} UTC from the current catalog, estimator and plan checks:{' '}
            <span data-testid="claim-bases">
              {claimBasesText(tallyClaimBases(documents.flatMap((d) => d.claims.map((c) => c.computedFrom))))}
            </span>
            . Rule: {view.rule}.
          </p>
          <Tabs
            label="Source documents"
            value={selected}
            onChange={setSelected}
            tabs={[{ id: 'all', label: 'All documents' }, ...documents.map((d) => ({ id: d.number, label: d.title }))]}
          />
          {shown.map((d) => (
            <DocumentClaims key={d.number} doc={d} />
          ))}
        </>
      ) : error ? null : (
        <p className="muted">Checking the documents' claims…</p>
      )}
    </div>
  );
}
