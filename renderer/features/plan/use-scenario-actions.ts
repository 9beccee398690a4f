/**
 * What the scenario workbench does: pick up to three plans and compare them, duplicate, rename, delete (after a
 * confirmation), promote with undo. Each call goes through `run`, which keeps the last error for the panel to show.
 */
import { useState } from 'react';
import type { SerializedError } from '../../../shared/domain/errors';
import type { PlanComparisonView } from '../../../shared/ipc/contract/plan-scenarios';
import { api } from '../../app/api';

/** The current plan's key in the list of picked plans (scenarios go by their id). */
export const CURRENT_PLAN = '__current__';
/** At most this many plans side by side. */
export const MAX_PICKED = 3;

export interface ScenarioActionsOptions {
  projectId: string;
  openScenarioId: string | null;
  onOpen: (scenarioId: string | null) => void;
  /** After a change to the list (rename, duplicate, delete, promote): reload the plan and the list. */
  onChanged: () => Promise<void>;
}

export function useScenarioActions({ projectId, openScenarioId, onOpen, onChanged }: ScenarioActionsOptions) {
  const [picked, setPicked] = useState<string[]>([]);
  const [comparison, setComparison] = useState<PlanComparisonView | null>(null);
  const [error, setError] = useState<SerializedError | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [promoted, setPromoted] = useState<{ name: string; keptName: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);

  const run = async <T>(call: () => Promise<{ ok: true; value: T } | { ok: false; error: SerializedError }>): Promise<T | null> => {
    const r = await call();
    if (!r.ok) {
      setError(r.error);
      return null;
    }
    setError(null);
    return r.value;
  };
  const toggle = (id: string) => {
    setComparison(null);
    setPicked(picked.includes(id) ? picked.filter((x) => x !== id) : picked.length >= MAX_PICKED ? picked : [...picked, id]);
  };
  const compare = async () => {
    const ids = picked.map((id) => (id === CURRENT_PLAN ? null : id));
    const v = await run(() => api.plan.comparePlans({ projectId, ids }));
    if (v) setComparison(v);
  };
  const duplicate = async (fromScenarioId: string | null, name: string) => {
    const v = await run(() => api.plan.duplicateScenario({ projectId, name, ...(fromScenarioId ? { fromScenarioId } : {}) }));
    if (v) await onChanged();
  };
  const remove = async (id: string) => {
    setConfirmDelete(null);
    const v = await run(() => api.plan.deleteScenario({ id }));
    if (v) {
      setPicked(picked.filter((x) => x !== id));
      setComparison(null);
      if (openScenarioId === id) onOpen(null);
      await onChanged();
    }
  };
  const promote = async (id: string, name: string) => {
    const v = await run(() => api.plan.promoteScenario({ projectId, scenarioId: id }));
    if (!v) return;
    setPromoted({ name, keptName: `Plan before "${name}"` });
    setPicked([]);
    setComparison(null);
    onOpen(null);
    await onChanged();
  };
  const undoPromote = async () => {
    const v = await run(() => api.plan.undoPromote({ projectId }));
    if (!v) return;
    setPromoted(null);
    await onChanged();
  };
  const saveRename = async () => {
    if (!renaming) return;
    const v = await run(() => api.plan.renameScenario({ projectId, scenarioId: renaming.id, name: renaming.name }));
    if (v) {
      setRenaming(null);
      await onChanged();
    }
  };

  return {
    picked,
    comparison,
    error,
    dismissError: () => setError(null),
    renaming,
    setRenaming,
    promoted,
    confirmDelete,
    setConfirmDelete,
    toggle,
    compare,
    duplicate,
    remove,
    promote,
    undoPromote,
    saveRename,
  };
}

export type ScenarioActions = ReturnType<typeof useScenarioActions>;
