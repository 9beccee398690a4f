/** The plan's parts as lists with Add / Edit / Delete: the way into the forms. */
import type { ReactNode } from 'react';
import { removeMilestoneCommand, removeMilestoneQuestion, type PlanCommand } from '../../../../shared/domain/plan/commands';
import type { Plan } from '../../../../shared/domain/plan/types';
import type { EditorTarget } from './editor-parts';
import { DeleteButton } from '../../../ui/DeleteButton';

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
              <PartItem
                key={t.id}
                what={`track ${t.name}`}
                swatch={t.colour}
                onEdit={() => onOpen({ kind: 'track', id: t.id })}
                extraActions={
                  <>
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
                  </>
                }
              >
                <strong>{t.name}</strong>{' '}
                <span className="muted">
                  {t.owner}
                  {t.focus ? ` · ${t.focus}` : ''}
                </span>
              </PartItem>
            ))}
          </ul>
        </div>
        <div>
          <div className="field-label">Milestones ({plan.milestones.length})</div>
          <ul className="pt-part-list" aria-label="Milestone list">
            {plan.milestones.map((m) => (
              <PartItem
                key={m.id}
                what={`milestone ${m.code} ${m.name}`}
                onEdit={() => onOpen({ kind: 'milestone', id: m.id })}
                onDelete={() => {
                  // others depend on it: ask, then delete it and drop those dependencies in one undoable step
                  const question = removeMilestoneQuestion(plan, m.id);
                  if (question && !window.confirm(question)) return Promise.resolve(false);
                  return onEdit(removeMilestoneCommand(plan, m.id));
                }}
              >
                <strong>{m.code}</strong> {m.name}{' '}
                <span className="muted">
                  · {trackName.get(m.trackId)} · {m.phases.map((p) => `${p.start} → ${p.end}`).join(', ')}
                </span>
              </PartItem>
            ))}
          </ul>
        </div>
        <div>
          <div className="field-label">Capacity pools ({plan.pools.length})</div>
          <ul className="pt-part-list" aria-label="Pools">
            {plan.pools.map((p) => (
              <PartItem
                key={p.id}
                what={`pool ${p.name}`}
                onEdit={() => onOpen({ kind: 'pool', id: p.id })}
                onDelete={() => onEdit({ type: 'remove', entity: 'pool', id: p.id })}
              >
                <strong>{p.name}</strong>{' '}
                <span className="muted">
                  · {p.capacity} {p.unit === 'gpus' ? (p.capacity === 1 ? 'GPU' : 'GPUs') : 'vCPUs'} at once · {p.offeringIds.length}{' '}
                  offering{p.offeringIds.length === 1 ? '' : 's'}, {p.gpuIds.length} GPU type{p.gpuIds.length === 1 ? '' : 's'}
                </span>
              </PartItem>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** One part in a list: its colour (a track's), what it is, Edit, any other actions, and Delete when it can be removed. */
function PartItem({
  what,
  swatch,
  onEdit,
  onDelete,
  extraActions,
  children,
}: {
  /** The part as the buttons name it ("pool H100 pool"). */
  what: string;
  swatch?: string;
  onEdit: () => void;
  onDelete?: () => Promise<unknown>;
  extraActions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li>
      {swatch !== undefined && <i style={{ background: swatch }} aria-hidden="true" />}
      <span className="pt-part-main">{children}</span>
      <button type="button" className="btn small" aria-label={`Edit ${what}`} onClick={onEdit}>
        Edit
      </button>
      {extraActions}
      {onDelete && <DeleteButton label={`Delete ${what}`} onDelete={onDelete} />}
    </li>
  );
}
