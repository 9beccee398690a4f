/**
 * The project switcher in the app shell: the current project (recent first, the example marked), and what a lead
 * does with projects — new, duplicate, rename, archive, delete (with a confirmation naming what is lost, and undo),
 * export and import plan files (native dialogs in main; the renderer never passes a path).
 */
import { useRef, useState } from 'react';
import { useNavigation } from '../../app/navigation';
import { FromDocumentDialog } from './FromDocumentDialog';
import { NewProjectDialog } from './NewProjectDialog';
import { DeleteProjectDialog, ExportProjectDialog, RenameProjectDialog } from './ProjectDialogs';
import { ProjectMenu, type ProjectDialogKind } from './ProjectMenu';
import { useProjects } from './store';
import { useProjectActions } from './use-project-actions';
import { fromDocumentNotice } from './project-text';
import './projects.css';

type DialogKind = ProjectDialogKind | null;

export function ProjectSwitcher() {
  const p = useProjects();
  const go = useNavigation((s) => s.go);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const current = p.projects.find((x) => x.id === p.projectId) ?? null;
  const active = p.projects.filter((x) => !x.archivedAt);
  const archived = p.projects.filter((x) => x.archivedAt);
  const close = () => setDialog(null);
  const act = (kind: DialogKind | (() => Promise<void>)) => {
    setMenuOpen(false);
    if (typeof kind === 'function') void kind();
    else setDialog(kind);
  };

  const actions = useProjectActions(current);

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
          ref={menuButton}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Project ▾
        </button>
      </div>
      {menuOpen && (
        <ProjectMenu
          hasProject={current !== null}
          archived={Boolean(current?.archivedAt)}
          actions={actions}
          onChoose={act}
          onClose={() => {
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        />
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
      {dialog === 'from-document' && (
        <FromDocumentDialog
          onClose={close}
          onCreated={(created) => {
            close();
            void p.switchTo(created.projectId).then(() => p.setNotice(fromDocumentNotice(created)));
            go('plan');
          }}
        />
      )}
      {dialog === 'rename' && current && (
        <RenameProjectDialog
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
        <DeleteProjectDialog
          projectId={current.id}
          onClose={close}
          onConfirm={() => {
            close();
            void p.remove(current.id);
          }}
        />
      )}
      {dialog === 'export' && current && (
        <ExportProjectDialog
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
