import type { ChannelMap, EventMap } from '../channel';
import { budgetCreditsChannels } from './budget-credits';
import { budgetImportChannels, budgetImportEvents } from './budget-import';
import { budgetPlanningChannels } from './budget-planning';
import { budgetSourcesChannels, budgetSourcesEvents } from './budget-sources';

// Owned by the budget domain: add its channels ('budget:verb-noun') and progress events here.
export const budgetChannels = {
  // Billing imports, import history, column mappings, spend summary and explorer (contract/budget-import.ts).
  ...budgetImportChannels,
  // Budgets, thresholds, allocation rules, exchange rates, overview (contract/budget-planning.ts).
  ...budgetPlanningChannels,
  // Folders of billing exports kept in sync (contract/budget-sources.ts).
  ...budgetSourcesChannels,
  // Credits and free tiers: dated offsets with an expiry (contract/budget-credits.ts).
  ...budgetCreditsChannels,
} satisfies ChannelMap;

export const budgetEvents = {
  ...budgetImportEvents,
  ...budgetSourcesEvents,
} satisfies EventMap;
