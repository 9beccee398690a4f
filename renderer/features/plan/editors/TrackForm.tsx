/** A track's form (a swimlane: who trains what, and when); deleting a track takes its milestones and bookings, and asks where the spend and allocation rules pointing to it go. */
import { useState } from 'react';
import { newId } from '../../../../shared/domain/plan/booking';
import { removeTrackCommand } from '../../../../shared/domain/plan/commands';
import type { Track } from '../../../../shared/domain/plan/types';
import { Field } from '../../../ui/Field';
import { DateRangeFields, EditorDialog, TextField, useErrors, type EditorProps } from './editor-parts';
import { plural } from '../../../../shared/domain/count-words';

/** Colours given to new tracks in turn. */
const PALETTE = ['#2f6fdf', '#c2410c', '#0f766e', '#7c3aed', '#b91c1c', '#4d7c0f', '#a16207', '#be185d'];

export function TrackForm({ view, id, error, busy, onEdit, onClose }: EditorProps & { id: string | null }) {
  const { plan } = view;
  const existing = id ? plan.tracks.find((t) => t.id === id) : undefined;
  const [f, setF] = useState(() => ({
    name: existing?.name ?? '',
    owner: existing?.owner ?? '',
    focus: existing?.focus ?? '',
    colour: existing?.colour ?? PALETTE[plan.tracks.length % PALETTE.length]!,
    start: existing?.start ?? plan.project.start,
    end: existing?.end ?? plan.project.end,
    notes: existing?.notes ?? '',
  }));
  const errors = useErrors(error);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const counts = existing
    ? {
        m: plan.milestones.filter((m) => m.trackId === existing.id).length,
        a: plan.allocations.filter((a) => a.trackId === existing.id).length,
      }
    : null;
  async function save() {
    const value: Track = {
      id: existing?.id ?? newId('track'),
      projectId: plan.project.id,
      name: f.name.trim(),
      owner: f.owner.trim(),
      focus: f.focus.trim(),
      colour: f.colour.trim(),
      start: f.start,
      end: f.end,
      position: existing?.position ?? Math.max(-1, ...plan.tracks.map((t) => t.position)) + 1,
      notes: f.notes.trim() || null,
    };
    if (await onEdit({ type: 'upsert', entity: 'track', value })) onClose();
  }
  // A track that spend or allocation rules point to: main refuses to remove it (TRACK_HAS_SPEND) until the user says
  // where they go — another track, or unassigned (the spend then shows as unallocated) — so nothing is lost.
  const others = existing ? plan.tracks.filter((t) => t.id !== existing.id) : [];
  const askSpend = error?.code === 'TRACK_HAS_SPEND';
  const [moveTo, setMoveTo] = useState<string>(() => others[0]?.id ?? '');
  async function remove(choice?: { moveTo: string | null }) {
    if (!existing) return;
    if (await onEdit(removeTrackCommand(plan, existing.id), choice ? { removedTrackSpend: choice } : undefined)) onClose();
  }
  return (
    <EditorDialog
      title={existing ? `Edit track · ${existing.name}` : 'Add track'}
      sub="a swimlane of the timeline: who trains what, and when"
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      saveLabel={existing ? 'Save track' : 'Add track'}
      onDelete={existing ? () => void remove() : undefined}
      deleteLabel={counts ? `Delete track (+ ${plural(counts.m, 'milestone')}, ${plural(counts.a, 'booking')})` : undefined}
      formError={askSpend ? undefined : errors._}
    >
      <TextField
        id="tf-name"
        label="Track name"
        error={errors.name}
        wide
        autoFocus
        value={f.name}
        onChange={(name) => setF({ ...f, name })}
      />
      <Field id="tf-owner" label="Owner">
        <input id="tf-owner" className="input" value={f.owner} onChange={set('owner')} />
      </Field>
      <Field id="tf-focus" label="Focus" className="pt-wide">
        <input id="tf-focus" className="input" value={f.focus} onChange={set('focus')} />
      </Field>
      <Field id="tf-colour" label="Colour" error={errors.colour} hint="#rrggbb">
        <span className="pt-colour">
          <input
            aria-label="Colour picker"
            type="color"
            value={/^#[0-9a-fA-F]{6}$/.test(f.colour) ? f.colour : '#000000'}
            onChange={set('colour')}
          />
          <input
            id="tf-colour"
            className={`input${errors.colour ? ' invalid' : ''}`}
            value={f.colour}
            onChange={set('colour')}
            style={{ width: 90 }}
          />
        </span>
      </Field>
      <DateRangeFields idPrefix="tf" start={f.start} end={f.end} errors={errors} onChange={(patch) => setF({ ...f, ...patch })} />
      <Field id="tf-notes" label="Notes" className="pt-wide">
        <input id="tf-notes" className="input" value={f.notes} onChange={set('notes')} />
      </Field>
      {askSpend && existing && (
        <div className="pt-wide" style={{ flexBasis: '100%' }} role="group" aria-label="Spend of the deleted track">
          <p className="field-error">{error.message}</p>
          <Field id="tf-spend-to" label="Its spend and allocation rules go to">
            <select id="tf-spend-to" className="input" value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
              {others.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
              <option value="">Unassigned (its rules are removed; its spend shows as unallocated)</option>
            </select>
          </Field>
          <button type="button" className="btn danger" disabled={busy} onClick={() => void remove({ moveTo: moveTo || null })}>
            Delete track and {moveTo ? 'move its spend' : 'leave its spend unassigned'}
          </button>
        </div>
      )}
    </EditorDialog>
  );
}
