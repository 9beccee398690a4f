/** The project switcher's dialogs: rename a project, delete it (naming what is lost), export it as a plan file. */
import { useEffect, useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import { api } from '../../app/api';
import { fieldErrors, Modal, ModalFooter } from './Modal';
import { plural } from '../../../shared/domain/count-words';
import { exportedNotice } from './project-text';

export function RenameProjectDialog({
  project,
  onClose,
  onDone,
}: {
  project: { id: string; name: string };
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<SerializedError | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const r = await api.plan.renameProject({ projectId: project.id, name });
    if (!r.ok) setError(r.error);
    else onDone(r.value.name);
  };
  const err = fieldErrors(error).name;
  return (
    <Modal title="Rename project" onClose={onClose}>
      <form className="pj-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="pj-rename">Name</label>
          <input
            id="pj-rename"
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={err ? true : undefined}
          />
          {err && (
            <span className="field-error" role="alert">
              {err}
            </span>
          )}
        </div>
        <ModalFooter onCancel={onClose}>
          <button type="submit" className="btn primary">
            Rename
          </button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

export function DeleteProjectDialog({ projectId, onClose, onConfirm }: { projectId: string; onClose: () => void; onConfirm: () => void }) {
  const [what, setWhat] = useState<Response<'plan:project-contents'> | null>(null);
  useEffect(() => {
    void api.plan.projectContents({ projectId }).then((r) => r.ok && setWhat(r.value));
  }, [projectId]);
  return (
    <Modal title="Delete project" onClose={onClose}>
      {!what ? (
        <div className="muted">Counting what the project holds…</div>
      ) : (
        <>
          <p>
            Delete <strong>“{what.name}”</strong>
            {what.isExample ? ' (the bundled example)' : ''}? It takes away:
          </p>
          <ul className="pj-lost">
            <li>
              {plural(what.tracks, 'track')} and {plural(what.milestones, 'milestone')}
            </li>
            <li>{plural(what.allocations, 'weekly booking')}</li>
            <li>{plural(what.scenarios, 'scenario')}</li>
            <li>
              {plural(what.budgets, 'budget')} and {plural(what.rules, 'allocation rule')}
            </li>
            {what.spendLines > 0 && (
              <li>the project's link to {plural(what.spendLines, 'imported spend line')} (the billing imports themselves stay)</li>
            )}
          </ul>
          <p className="muted">You can undo the delete right after, from the banner under the project switcher.</p>
          <ModalFooter onCancel={onClose} cancelLabel="Keep it">
            <button type="button" className="btn danger" onClick={onConfirm}>
              Delete “{what.name}”
            </button>
          </ModalFooter>
        </>
      )}
    </Modal>
  );
}

export function ExportProjectDialog({
  projectId,
  onClose,
  onDone,
}: {
  projectId: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [withSpend, setWithSpend] = useState(false);
  const [error, setError] = useState<SerializedError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const r = await api.plan.exportFile({ projectId, includeSpend: withSpend });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    if (!r.value.file) return onClose();
    onDone(exportedNotice({ ...r.value, file: r.value.file }, withSpend));
  };
  return (
    <Modal title="Export plan file" onClose={onClose}>
      <p>
        A <code>.gpuplan</code> file holds the plan and its scenarios, for a colleague who also runs GPU Planner, or as a backup. To send
        the plan to someone who does not, export the review PDF (Review screen).
      </p>
      <label className="pj-check">
        <input type="checkbox" checked={withSpend} onChange={(e) => setWithSpend(e.target.checked)} /> Include the imported spend lines
        allocated to this project's tracks
      </label>
      <ModalFooter error={error} onCancel={onClose}>
        <button type="button" className="btn primary" disabled={busy} onClick={() => void submit()}>
          Choose where to save…
        </button>
      </ModalFooter>
    </Modal>
  );
}
