import { create } from 'zustand';

export const SCREENS = [
  { id: 'catalog', label: 'Catalog', hint: 'GPUs, offerings and dated prices' },
  { id: 'estimate', label: 'Estimate', hint: 'Memory, time and cost of a training run' },
  { id: 'plan', label: 'Plan', hint: 'Tracks, milestones and the weekly timeline' },
  { id: 'budget', label: 'Budget', hint: 'Budgets, billing imports and actual spend' },
  { id: 'review', label: 'Review', hint: 'The plan as a PDF, and CSV exports' },
] as const;
export type ScreenId = (typeof SCREENS)[number]['id'];

interface NavigationState {
  screen: ScreenId;
  /** A one-shot request from the menu (e.g. open the import dialog) for the screen to act on. */
  pendingCommand: string | null;
  go(screen: ScreenId, command?: string): void;
  takeCommand(): string | null;
}

export const useNavigation = create<NavigationState>((set, get) => ({
  screen: 'plan',
  pendingCommand: null,
  go: (screen, command) => set({ screen, pendingCommand: command ?? null }),
  takeCommand: () => {
    const command = get().pendingCommand;
    if (command) set({ pendingCommand: null });
    return command;
  },
}));
