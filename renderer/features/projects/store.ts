/**
 * The current project, which every screen follows (Plan, Budget, Review), and the list the switcher shows
 * (recent first). Switching marks the project opened in main, so the app reopens it next time.
 */
import { create } from 'zustand';
import type { SerializedError } from '../../../shared/domain/errors';
import type { Response } from '../../../shared/ipc/contract';
import type { ProjectListItem } from '../../../shared/ipc/contract/plan-projects';
import { api } from '../../app/api';

export type DeletedProject = Response<'plan:delete-project'>['deleted'];

interface ProjectsState {
  /** null until the list is loaded; then the project every screen shows. */
  projectId: string | null;
  projects: ProjectListItem[];
  /** The list has been read once (screens wait for it, so they open on the right project). */
  loaded: boolean;
  error: SerializedError | null;
  /** The last delete, for its undo. */
  lastDeleted: DeletedProject | null;
  /** A short message after an action (imported, exported…), shown under the switcher. */
  notice: string | null;
  /** Bumped when the current project's data changed outside its screen (import as scenario, rename): screens reload. */
  epoch: number;
  touch(): void;
  refresh(): Promise<void>;
  switchTo(projectId: string): Promise<void>;
  setError(error: SerializedError | null): void;
  setNotice(notice: string | null): void;
  remove(projectId: string): Promise<boolean>;
  undoDelete(): Promise<void>;
}

export const useProjects = create<ProjectsState>((set, get) => ({
  projectId: null,
  projects: [],
  loaded: false,
  error: null,
  lastDeleted: null,
  notice: null,
  epoch: 0,
  touch: () => set({ epoch: get().epoch + 1 }),
  async refresh() {
    const r = await api.plan.listProjects({});
    if (!r.ok) {
      set({ error: r.error, loaded: true });
      return;
    }
    const current = get().projectId;
    const still = current && r.value.projects.some((p) => p.id === current);
    set({ loaded: true, projects: r.value.projects, projectId: still ? current : (r.value.projects[0]?.id ?? null) });
  },
  async switchTo(projectId) {
    const r = await api.plan.openProject({ projectId });
    if (!r.ok) {
      set({ error: r.error });
      return;
    }
    set({ projectId, error: null });
    await get().refresh();
  },
  setError: (error) => set({ error }),
  setNotice: (notice) => set({ notice }),
  async remove(projectId) {
    const r = await api.plan.deleteProject({ projectId });
    if (!r.ok) {
      set({ error: r.error });
      return false;
    }
    set({ lastDeleted: r.value.deleted, projectId: get().projectId === projectId ? null : get().projectId });
    await get().refresh();
    const next = get().projectId;
    if (next) await get().switchTo(next);
    return true;
  },
  async undoDelete() {
    const deleted = get().lastDeleted;
    if (!deleted) return;
    const r = await api.plan.restoreProject({ projectId: deleted.projectId });
    if (!r.ok) {
      set({ error: r.error });
      return;
    }
    set({ lastDeleted: null });
    await get().switchTo(deleted.projectId);
  },
}));

/** The current project id for a request (`{}` until the list is loaded: main then answers with the default). */
export function currentProject(): { projectId?: string } {
  const id = useProjects.getState().projectId;
  return id ? { projectId: id } : {};
}
