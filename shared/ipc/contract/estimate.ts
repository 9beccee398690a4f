import type { ChannelMap, EventMap } from '../channel';

// Owned by the estimate domain: add its channels ('estimate:verb-noun') and progress events here.
export const estimateChannels = {} satisfies ChannelMap;

export const estimateEvents = {} satisfies EventMap;
