import type { ChannelMap, EventMap } from '../channel';

// Owned by the budget domain: add its channels ('budget:verb-noun') and progress events here.
export const budgetChannels = {} satisfies ChannelMap;

export const budgetEvents = {} satisfies EventMap;
