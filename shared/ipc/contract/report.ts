import type { ChannelMap, EventMap } from '../channel';

// Owned by the report domain: add its channels ('report:verb-noun') and progress events here.
export const reportChannels = {} satisfies ChannelMap;

export const reportEvents = {} satisfies EventMap;
