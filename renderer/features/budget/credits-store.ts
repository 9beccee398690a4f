/** Credits and free tiers of the current project (issue 18): the saved credits, what they cover, the seeds' presets. */
import { create } from 'zustand';
import type { SerializedError } from '../../../shared/domain/errors';
import type { CreditDraft, CreditsView } from '../../../shared/ipc/contract/budget-credits';
import { api } from '../../app/api';
import { currentProject } from '../projects/store';

interface CreditsState {
  view: CreditsView | null;
  error: SerializedError | null;
  load(): Promise<void>;
  save(credit: CreditDraft): Promise<boolean>;
  remove(id: number): Promise<void>;
}

export const useCreditsStore = create<CreditsState>((set) => {
  const settle = (r: Awaited<ReturnType<typeof api.budget.listCredits>>): boolean => {
    if (r.ok) set({ view: r.value, error: null });
    else set({ error: r.error });
    return r.ok;
  };
  return {
    view: null,
    error: null,
    load: async () => void settle(await api.budget.listCredits(currentProject())),
    save: async (credit) => settle(await api.budget.saveCredit({ credit })),
    remove: async (id) => void settle(await api.budget.deleteCredit({ id })),
  };
});
