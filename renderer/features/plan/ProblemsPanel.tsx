import { useState } from 'react';
/** Problems the checks found, most severe first; each jumps to its cell in the timeline. */
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { plural } from '../../../shared/domain/count-words';

type Problem = PlanView['analysis']['problems'][number];

export const KIND_LABEL: Record<string, string> = {
  'pool-over-capacity': 'pool over capacity',
  'pool-concurrency': 'pool shared at once',
  'subscription-over-allowance': 'subscription over its allowance',
  'milestone-short-hours': 'milestone short of hours',
  'milestone-no-hardware': 'milestone without hardware',
  'week-over-budget-share': 'week over its budget share',
  'cumulative-over-budget': 'over the budget',
  'offering-missing': 'offering gone',
  'price-changed': 'price changed',
  'allocation-outside-track': "outside the track's dates",
  'run-over-session': 'run longer than a session',
  'run-over-job-timeout': 'run longer than the job timeout',
  'spot-without-checkpoint': 'spot run without resume',
  'dataset-over-disk': "dataset over the host's disk",
  'dataset-over-memory': "dataset over the host's RAM",
  'run-over-offering-gpus': 'run needs more GPUs than the offering',
  'run-nodes-without-network': 'machines without a stated network',
};

const FIRST = 100;

export function ProblemsPanel({ problems, onJump }: { problems: Problem[]; onJump: (p: Problem) => void }) {
  const [all, setAll] = useState(false);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const shown = all ? problems : problems.slice(0, FIRST);
  return (
    <section className="panel pt-problems" aria-label="Problems">
      <div className="panel-title">
        <strong>Problems</strong>
        <span className={`badge ${errors ? 'bad' : problems.length ? 'warn' : 'ok'}`}>
          {plural(errors, 'error')} · {plural(problems.length - errors, 'warning')}
        </span>
        <span className="muted">recomputed on every edit · click to jump to the cell</span>
      </div>
      {problems.length === 0 ? (
        <div className="muted">No problems: every check passes.</div>
      ) : (
        <ul className="pt-problem-list">
          {shown.map((p) => (
            <li key={p.id}>
              <button type="button" className={`pt-problem ${p.severity}`} onClick={() => onJump(p)} data-problem={p.kind}>
                <span className={`badge ${p.severity === 'error' ? 'bad' : p.severity === 'warning' ? 'warn' : 'info'}`}>{p.severity}</span>
                <span className="pt-problem-kind">
                  {KIND_LABEL[p.kind] ?? p.kind}
                  {p.week ? ` · ${p.week}` : ''}
                </span>
                <span className="pt-problem-msg">{p.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {problems.length > FIRST && (
        <button type="button" className="btn small" style={{ marginTop: 6 }} onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST}` : `Show all ${problems.length} problems`}
        </button>
      )}
    </section>
  );
}
