/**
 * "New project from a document…" (issue 28 item 11): paste a plan document or open a Markdown/text file, see what
 * was read (tracks with owners, milestones, hardware, budget) and what was not (each with its line), correct the
 * project's name, dates, currency, budget and the tracks' names and owners, then create. Reading writes nothing
 * (`plan:read-text-plan`); the project is created whole or not at all (`plan:create-from-text`).
 */
import { useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import { plural } from '../../../shared/domain/count-words';
import { api } from '../../app/api';
import { fieldErrors, Modal, ModalFooter } from './Modal';
import { documentSections, type DocumentFields } from './from-document';

type Read = Response<'plan:read-text-plan'>;
export type Created = Response<'plan:create-from-text'>;

export function FromDocumentDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [read, setRead] = useState<Read | null>(null);
  const [fields, setFields] = useState<DocumentFields | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(error);

  const readText = async (body: string, name: string | null) => {
    setBusy(true);
    const r = await api.plan.readTextPlan({ text: body, ...(name ? { fileName: name } : {}) });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setError(null);
    setRead(r.value);
    const { project, tracks } = r.value.plan;
    setFields({
      name: project.name,
      start: project.start,
      end: project.end,
      currency: project.currency,
      budget: project.budget === '0' ? '' : project.budget,
      tracks: tracks.map((t) => ({ id: t.id, name: t.name, owner: t.owner })),
    });
  };
  const openFile = async () => {
    const r = await api.plan.openTextPlan({});
    if (!r.ok) return setError(r.error);
    if (r.value.text === null) return;
    setText(r.value.text);
    setFileName(r.value.fileName);
    await readText(r.value.text, r.value.fileName);
  };
  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!fields) return;
    setBusy(true);
    const r = await api.plan.createFromText({
      text,
      ...(fileName ? { fileName } : {}),
      edits: {
        name: fields.name,
        start: fields.start,
        end: fields.end,
        currency: fields.currency,
        budget: fields.budget,
        tracks: fields.tracks,
      },
    });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    onCreated(r.value);
  };

  if (!read || !fields)
    return (
      <Modal title="New project from a document" onClose={onClose} wide>
        <form
          className="pj-form"
          onSubmit={(e) => {
            e.preventDefault();
            void readText(text, fileName);
          }}
          noValidate
        >
          <p className="muted">
            Paste a plan written in Markdown or plain text, or open one. The app reads its title, tracks and owners, milestones with their
            dates and hardware, the GPUs and prices it names and its budget, and shows you what it read before creating anything.
          </p>
          <div className="field">
            <label htmlFor="fd-text">Plan document{fileName ? ` — ${fileName}` : ''}</label>
            <textarea
              id="fd-text"
              className="input pj-textarea"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              placeholder={'# Project title\n\n**Track 1: Model training (Owner name)**\n…'}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? 'fd-text-error' : undefined}
            />
            {errors.text && (
              <span className="field-error" id="fd-text-error" role="alert">
                {errors.text}
              </span>
            )}
          </div>
          <ModalFooter error={errors.text ? null : error} onCancel={onClose}>
            <button type="button" className="btn" disabled={busy} onClick={() => void openFile()}>
              Open a file…
            </button>
            <button type="submit" className="btn primary" disabled={busy}>
              Read the document
            </button>
          </ModalFooter>
        </form>
      </Modal>
    );

  const sections = documentSections(read);
  const set = (k: Exclude<keyof DocumentFields, 'tracks'>) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields({ ...fields, [k]: e.target.value });
  const setTrack = (id: string, k: 'name' | 'owner', value: string) =>
    setFields({ ...fields, tracks: fields.tracks.map((t) => (t.id === id ? { ...t, [k]: value } : t)) });
  const field = (key: Exclude<keyof DocumentFields, 'tracks'>, label: string, type = 'text', hint?: string) => (
    <div className="field">
      <label htmlFor={`fd-${key}`}>{label}</label>
      <input
        id={`fd-${key}`}
        type={type}
        className="input"
        value={fields[key]}
        onChange={set(key)}
        maxLength={key === 'currency' ? 3 : undefined}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `fd-${key}-error` : undefined}
      />
      {errors[key] ? (
        <span className="field-error" id={`fd-${key}-error`} role="alert">
          {errors[key]}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );

  return (
    <Modal title="New project from a document" onClose={onClose} wide>
      <form className="pj-form fd-form" onSubmit={(e) => void create(e)} noValidate>
        <p className="muted" data-testid="fd-summary">
          Read {fileName ?? 'the pasted text'}: {plural(read.plan.tracks.length, 'track')},{' '}
          {plural(read.plan.milestones.length, 'milestone')}, {plural(sections.hardware.length, 'GPU or offering', 'GPUs or offerings')}{' '}
          named
          {read.unread.length > 0 ? `, ${plural(read.unread.length, 'thing', 'things')} not understood (below)` : ''}. Correct what needs
          it, then create.
        </p>
        <div className="fd-columns">
          <div className="pj-form">
            <fieldset className="pj-fieldset">
              <legend>Project</legend>
              {field('name', 'Project name')}
              <div className="pj-row">
                {field('start', 'Start', 'date')}
                {field('end', 'End', 'date')}
              </div>
              <div className="pj-row">
                {field('currency', 'Currency', 'text', 'USD, EUR, INR…')}
                {field('budget', 'Budget', 'text', sections.budgetHint)}
              </div>
            </fieldset>
            <fieldset className="pj-fieldset">
              <legend>Tracks and owners</legend>
              <table className="pj-preview" aria-label="Tracks">
                <thead>
                  <tr>
                    <th scope="col">Track</th>
                    <th scope="col">Owner</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.tracks.map((t, i) => (
                    <tr key={t.id}>
                      <td>
                        <input
                          className="input"
                          aria-label={`Track ${i + 1} name`}
                          value={t.name}
                          onChange={(e) => setTrack(t.id, 'name', e.target.value)}
                        />
                      </td>
                      <td>
                        <input
                          className="input"
                          aria-label={`Track ${i + 1} owner`}
                          value={t.owner}
                          aria-invalid={errors['track.owner'] && !t.owner.trim() ? true : undefined}
                          onChange={(e) => setTrack(t.id, 'owner', e.target.value)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </fieldset>
          </div>
          <div className="pj-form">
            <ReadList title="Milestones" label="Milestones read" items={sections.milestones} empty="None: add them on the Plan screen." />
            <ReadList title="Hardware" label="Hardware read" items={sections.hardware} empty="No GPU or offering named." />
            <ReadList title="Budget and options" label="Budget read" items={sections.budget} empty="No budget stated: type it." />
            {sections.other.length > 0 && <ReadList title="Also read" label="Also read" items={sections.other} empty="" />}
          </div>
        </div>
        {read.unread.length > 0 && (
          <details className="pj-fieldset fd-unread" open>
            <summary>
              <strong>Not understood ({read.unread.length})</strong> — left out of the project; add what matters by hand
            </summary>
            <ul aria-label="Not understood">
              {read.unread.map((u, i) => (
                <li key={i}>
                  {u.line > 0 && <span className="muted">line {u.line}: </span>}
                  {u.why}
                  {u.text && <code className="fd-line">{u.text.trim()}</code>}
                </li>
              ))}
            </ul>
          </details>
        )}
        <ModalFooter error={error} onCancel={onClose}>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setRead(null);
              setError(null);
            }}
          >
            Back to the text
          </button>
          <button type="submit" className="btn primary" disabled={busy}>
            Create project
          </button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

function ReadList({
  title,
  label,
  items,
  empty,
}: {
  title: string;
  label: string;
  items: Array<{ line: number; label: string; value: string }>;
  empty: string;
}) {
  return (
    <section className="pj-fieldset" aria-label={label}>
      <h3 className="fd-heading">{title}</h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="fd-read">
          {items.map((r, i) => (
            <li key={i}>
              <span className="muted">line {r.line}:</span> {r.label}: {r.value}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
