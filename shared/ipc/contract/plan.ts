import type { ChannelMap, EventMap } from '../channel';

// Owned by the plan domain: add its channels ('plan:verb-noun') and progress events here.
export const planChannels = {} satisfies ChannelMap;

export const planEvents = {} satisfies EventMap;
