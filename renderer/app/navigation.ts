import { create } from 'zustand';

export const SCREENS = [
  { id: 'catalog', label: 'Catalog', hint: 'GPUs, offerings and dated prices', icon: '⊞' },
  { id: 'estimate', label: 'Estimate', hint: 'Memory, time and cost of a training run', icon: 'Σ' },
  { id: 'plan', label: 'Plan', hint: 'Tracks, milestones and the weekly timeline', icon: '▥' },
  { id: 'budget', label: 'Budget', hint: 'Budgets, billing imports and actual spend', icon: '$' },
  { id: 'review', label: 'Review', hint: 'The plan as a PDF, and CSV exports', icon: '✎' },
  { id: 'documents', label: 'Documents', hint: "The source documents' claims, checked", icon: '❝' },
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

/** At this width and below the sidebar collapses to icons (1024 × 700 windows keep their tables and weeks). */
export const NARROW_WINDOW = '(max-width: 1100px)';
