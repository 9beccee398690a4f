/**
 * The one typed IPC contract: every channel (`domain:verb-noun`) with the zod schemas of its request and
 * response, and every event with the schema of its payload. Each domain declares its own in contract/<domain>.ts.
 */
import { appChannels, appEvents } from './contract/app';
import { budgetChannels, budgetEvents } from './contract/budget';
import { catalogChannels, catalogEvents } from './contract/catalog';
import { catalogDataRateChannels, catalogDataRateEvents } from './contract/catalog-data-rates';
import { estimateChannels, estimateEvents } from './contract/estimate';
import { planChannels, planEvents } from './contract/plan';
import { planClaimsChannels, planClaimsEvents } from './contract/plan-claims';
import { planOptimizeChannels, planOptimizeEvents } from './contract/plan-optimize';
import { reportChannels, reportEvents } from './contract/report';
import { runsChannels, runsEvents } from './contract/runs';
import { settingsChannels, settingsEvents } from './contract/settings';
import type { ParsedRequestOf, RequestOf, ResponseOf, Result } from './channel';

export const contract = {
  ...appChannels,
  ...catalogChannels,
  ...catalogDataRateChannels,
  ...estimateChannels,
  ...planChannels,
  ...planOptimizeChannels,
  ...planClaimsChannels,
  ...budgetChannels,
  ...reportChannels,
  ...settingsChannels,
  ...runsChannels,
};
export type Contract = typeof contract;
export type Channel = keyof Contract & string;

export const events = {
  ...appEvents,
  ...catalogEvents,
  ...catalogDataRateEvents,
  ...estimateEvents,
  ...planEvents,
  ...planOptimizeEvents,
  ...planClaimsEvents,
  ...budgetEvents,
  ...reportEvents,
  ...settingsEvents,
  ...runsEvents,
};
export type Events = typeof events;
export type EventName = keyof Events & string;

export type Request<C extends Channel> = RequestOf<Contract, C>;
export type ParsedRequest<C extends Channel> = ParsedRequestOf<Contract, C>;
export type Response<C extends Channel> = ResponseOf<Contract, C>;
export type ChannelResult<C extends Channel> = Result<Response<C>>;

export const channelNames = Object.keys(contract) as Channel[];
export const eventNames = Object.keys(events) as EventName[];
