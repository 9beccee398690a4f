/**
 * The project switcher in the app shell: the current project (recent first, the example marked), and what a lead
 * does with projects — new, duplicate, rename, archive, delete (with a confirmation naming what is lost, and undo),
 * export and import plan files (native dialogs in main; the renderer never passes a path).
 */
import { useEffect, useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import { api } from '../../app/api';
import { useNavigation } from '../../app/navigation';
import { fieldErrors, Modal } from './Modal';
import { NewProjectDialog } from './NewProjectDialog';
import { useProjects } from './store';
import './projects.css';

type DialogKind = 'new' | 'rename' | 'delete' | 'export' | 'text' | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function ProjectSwitcher() {
  const p = useProjects();
  const go = useNavigation((s) => s.go);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    void useProjects.getState().refresh();
  }, []);

  const current = p.projects.find((x) => x.id === p.projectId) ?? null;
  const active = p.projects.filter((x) => !x.archivedAt);
  const archived = p.projects.filter((x) => x.archivedAt);
  const close = () => setDialog(null);
  const act = (kind: DialogKind | (() => Promise<void>)) => {
    setMenuOpen(false);
    if (typeof kind === 'function') void kind();
    else setDialog(kind);
  };

  const duplicate = async () => {
    if (!current) return;
    const r = await api.plan.duplicateProject({ projectId: current.id });
    if (!r.ok) return p.setError(r.error);
    await p.switchTo(r.value.projectId);
    p.setNotice(`Duplicated “${current.name}”.`);
  };
  const archive = async () => {
    if (!current) return;
    const r = await api.plan.archiveProject({ projectId: current.id, archived: !current.archivedAt });
    if (!r.ok) return p.setError(r.error);
    await p.refresh();
    p.setNotice(
      r.value.archived
        ? `Archived “${current.name}” (still listed under Archived; unarchive from the same menu).`
        : `“${current.name}” is active again.`,
    );
  };
  const importFile = async (asScenario: boolean) => {
    const r = await api.plan.importFile(asScenario && current ? { intoProjectId: current.id } : {});
    if (!r.ok) return p.setError(r.error);
    if (!r.value.file) return;
    p.setError(null);
    if (r.value.scenarioId) {
      p.touch();
      p.setNotice(`Imported ${r.value.file.split(/[\\/]/).pop()} as a scenario of “${current?.name}”.`);
      go('plan');
    } else if (r.value.projectId) {
      await p.switchTo(r.value.projectId);
      p.setNotice(
        `Imported ${r.value.file.split(/[\\/]/).pop()}: a new project with ${plural(r.value.scenarios, 'scenario')}${r.value.spendLines ? ` and ${plural(r.value.spendLines, 'spend line')}` : ''}.`,
      );
      go('plan');
    }
  };

  return (
    <div className="pj-switcher">
      <label className="pj-label" htmlFor="pj-current">
        Project
      </label>
      <select
        id="pj-current"
        className="pj-select"
        title={current?.name ?? ''}
        value={p.projectId ?? ''}
        onChange={(e) => {
          void p.switchTo(e.target.value);
          p.setNotice(null);
        }}
      >
        {active.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
            {x.isExample ? ' (example)' : ''}
          </option>
        ))}
        {archived.length > 0 && (
          <optgroup label="Archived">
            {archived.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
                {x.isExample ? ' (example)' : ''}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {current && (
        <div className="pj-meta" title={`${current.start} → ${current.end}; budget ${current.currency} ${current.budget}`}>
          {current.isExample && <span className="badge info">example</span>}{' '}
          {current.archivedAt && <span className="badge warn">archived</span>} {current.start} → {current.end}
        </div>
      )}
      <div className="pj-actions">
        <button type="button" className="btn small pj-btn" onClick={() => act('new')}>
          + New project
        </button>
        <button
          type="button"
          className="btn small pj-btn"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Project ▾
        </button>
      </div>
      {menuOpen && (
        <ul className="pj-menu" role="menu" aria-label="Project actions" onKeyDown={(e) => e.key === 'Escape' && setMenuOpen(false)}>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => act(duplicate)} disabled={!current}>
              Duplicate
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => act('rename')} disabled={!current}>
              Rename…
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => act(archive)} disabled={!current}>
              {current?.archivedAt ? 'Unarchive' : 'Archive'}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className="pj-danger" onClick={() => act('delete')} disabled={!current}>
              Delete…
            </button>
          </li>
          <li role="separator" />
          <li role="none">
            <button type="button" role="menuitem" onClick={() => act('export')} disabled={!current}>
              Export plan file…
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => act(() => importFile(false))}>
              Import plan file as a new project…
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => act(() => importFile(true))} disabled={!current}>
              Import plan file as a scenario…
            </button>
          </li>
        </ul>
      )}
      {p.lastDeleted && (
        <div className="pj-undo" role="status">
          Deleted “{p.lastDeleted.name}”.{' '}
          <button type="button" className="btn small" onClick={() => void p.undoDelete()}>
            Undo
          </button>
        </div>
      )}
      {p.notice && !p.lastDeleted && (
        <div className="pj-notice" role="status">
          {p.notice}{' '}
          <button type="button" className="pj-x" aria-label="Dismiss" onClick={() => p.setNotice(null)}>
            ×
          </button>
        </div>
      )}
      {p.error && (
        <div className="pj-error" role="alert">
          {p.error.message}{' '}
          <button type="button" className="pj-x" aria-label="Dismiss" onClick={() => p.setError(null)}>
            ×
          </button>
        </div>
      )}

      {dialog === 'new' && (
        <NewProjectDialog
          onClose={close}
          onCreated={(id) => {
            close();
            void p.switchTo(id).then(() => p.setNotice('Project created. Add milestones and bookings here.'));
            go('plan');
          }}
        />
      )}
      {dialog === 'rename' && current && (
        <RenameDialog
          project={current}
          onClose={close}
          onDone={(name) => {
            close();
            void p.refresh();
            p.touch();
            p.setNotice(`Renamed to “${name}”.`);
          }}
        />
      )}
      {dialog === 'delete' && current && (
        <DeleteDialog
          projectId={current.id}
          onClose={close}
          onConfirm={() => {
            close();
            void p.remove(current.id);
          }}
        />
      )}
      {dialog === 'export' && current && (
        <ExportDialog
          projectId={current.id}
          onClose={close}
          onDone={(text) => {
            close();
            p.setNotice(text);
          }}
        />
      )}
    </div>
  );
}

function RenameDialog({
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
        <div className="dialog-actions">
          <button type="button" className="btn" data-close onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn primary">
            Rename
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DeleteDialog({ projectId, onClose, onConfirm }: { projectId: string; onClose: () => void; onConfirm: () => void }) {
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
          <div className="dialog-actions">
            <button type="button" className="btn" data-close onClick={onClose}>
              Keep it
            </button>
            <button type="button" className="btn danger" onClick={onConfirm}>
              Delete “{what.name}”
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

function ExportDialog({ projectId, onClose, onDone }: { projectId: string; onClose: () => void; onDone: (text: string) => void }) {
  const [withSpend, setWithSpend] = useState(false);
  const [error, setError] = useState<SerializedError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const r = await api.plan.exportFile({ projectId, includeSpend: withSpend });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    if (!r.value.file) return onClose();
    onDone(
      `Saved ${r.value.file} (${Math.max(1, Math.round(r.value.bytes / 1024))} KB, ${plural(r.value.scenarios, 'scenario')}${withSpend ? `, ${plural(r.value.spendLines, 'spend line')}` : ''}).`,
    );
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
      {error && (
        <div className="banner error" role="alert">
          {error.message}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" data-close onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn primary" disabled={busy} onClick={() => void submit()}>
          Choose where to save…
        </button>
      </div>
    </Modal>
  );
}
