/** The plan's parts as lists with Add / Edit / Delete: the way into the forms. */
import type { PlanCommand } from '../../../../shared/domain/plan/commands';
import type { Plan } from '../../../../shared/domain/plan/types';
import type { EditorTarget } from './editor-parts';

export function PlanPartsPanel({
  plan,
  onOpen,
  onEdit,
}: {
  plan: Plan;
  onOpen: (target: EditorTarget) => void;
  onEdit: (command: PlanCommand) => Promise<boolean>;
}) {
  const trackName = new Map(plan.tracks.map((t) => [t.id, t.name]));
  const sortedTracks = [...plan.tracks].sort((a, b) => a.position - b.position);
  return (
    <section className="panel" aria-label="Plan parts">
      <div className="panel-title">
        <strong>Project, tracks, milestones and pools</strong>
        <span className="muted">every change is saved at once and can be undone</span>
        <span className="spacer" />
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'project' })}>
            Edit project
          </button>
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'track', id: null })}>
            + Add track
          </button>
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'milestone', id: null })} disabled={plan.tracks.length === 0}>
            + Add milestone
          </button>
          <button type="button" className="btn" onClick={() => onOpen({ kind: 'pool', id: null })}>
            + Add pool
          </button>
        </div>
      </div>
      <div className="pt-parts">
        <div>
          <div className="field-label">Tracks ({plan.tracks.length})</div>
          <ul className="pt-part-list" aria-label="Tracks">
            {sortedTracks.map((t) => (
              <li key={t.id}>
                <i style={{ background: t.colour }} aria-hidden="true" />
                <span className="pt-part-main">
                  <strong>{t.name}</strong>{' '}
                  <span className="muted">
                    {t.owner}
                    {t.focus ? ` · ${t.focus}` : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Edit track ${t.name}`}
                  onClick={() => onOpen({ kind: 'track', id: t.id })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Add milestone to ${t.name}`}
                  onClick={() => onOpen({ kind: 'milestone', id: null, trackId: t.id })}
                >
                  + Milestone
                </button>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Add data (storage or transfer) to ${t.name}`}
                  title="Dataset size and storage tier, checkpoints per run, model downloads"
                  onClick={() => onOpen({ kind: 'dataCost', id: null, trackId: t.id })}
                >
                  + Data
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <div className="field-label">Milestones ({plan.milestones.length})</div>
          <ul className="pt-part-list" aria-label="Milestone list">
            {plan.milestones.map((m) => (
              <li key={m.id}>
                <span className="pt-part-main">
                  <strong>{m.code}</strong> {m.name}{' '}
                  <span className="muted">
                    · {trackName.get(m.trackId)} · {m.phases.map((p) => `${p.start} → ${p.end}`).join(', ')}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Edit milestone ${m.code} ${m.name}`}
                  onClick={() => onOpen({ kind: 'milestone', id: m.id })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn small danger"
                  aria-label={`Delete milestone ${m.code} ${m.name}`}
                  onClick={() => void onEdit({ type: 'remove', entity: 'milestone', id: m.id })}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <div className="field-label">Capacity pools ({plan.pools.length})</div>
          <ul className="pt-part-list" aria-label="Pools">
            {plan.pools.map((p) => (
              <li key={p.id}>
                <span className="pt-part-main">
                  <strong>{p.name}</strong>{' '}
                  <span className="muted">
                    · {p.capacity} {p.unit === 'gpus' ? (p.capacity === 1 ? 'GPU' : 'GPUs') : 'vCPUs'} at once · {p.offeringIds.length}{' '}
                    offering{p.offeringIds.length === 1 ? '' : 's'}, {p.gpuIds.length} GPU type{p.gpuIds.length === 1 ? '' : 's'}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn small"
                  aria-label={`Edit pool ${p.name}`}
                  onClick={() => onOpen({ kind: 'pool', id: p.id })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn small danger"
                  aria-label={`Delete pool ${p.name}`}
                  onClick={() => void onEdit({ type: 'remove', entity: 'pool', id: p.id })}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
