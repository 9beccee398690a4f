/**
 * The read channels (issue 25 item 6): a read never writes to the database (no INSERT, UPDATE or DELETE), never bumps
 * a plan's revision and never sends a notification; derived data is refreshed by the writes that change its inputs.
 * Exports are reads: they write the file the user chose, never the database. Every other channel of the contract is
 * a command (it may write), including the cancels and the log, which change state outside the database.
 * The IPC fuzz (electron/services/ipc-fuzz.test.ts) checks every call of these against every table's content.
 */
import type { Channel } from './contract';

export const READ_CHANNELS = [
  'app:get-info',
  'catalog:list-gpus',
  'catalog:list-providers',
  'catalog:list-offerings',
  'catalog:list-reliability',
  'catalog:list-discrepancies',
  'catalog:get-price-history',
  'catalog:list-data-rates',
  'catalog:export-csv',
  'estimate:list-presets',
  'estimate:list-workloads',
  'estimate:run',
  'estimate:sweep',
  'plan:list-projects',
  'plan:get-plan',
  'plan:get-run-rates',
  'plan:compare-scenarios',
  'plan:compare-plans',
  'plan:project-contents',
  'plan:read-text-plan',
  'plan:evaluate-claims',
  'plan:export-file',
  'budget:choose-import-file',
  'budget:preview-file',
  'budget:list-imports',
  'budget:list-mappings',
  'budget:export-mapping',
  'budget:spend-summary',
  'budget:list-spend-lines',
  'budget:list-sources',
  'budget:list-budgets',
  'budget:list-rules',
  'budget:preview-rules',
  'budget:list-rates',
  'budget:get-overview',
  'budget:list-credits',
  'report:get-report-model',
  'report:export-csv',
  'report:export-pdf',
  'settings:get',
  'runs:list',
  'runs:choose-file',
  'runs:preview-file',
] as const satisfies readonly Channel[];

export type ReadChannel = (typeof READ_CHANNELS)[number];

const reads: ReadonlySet<string> = new Set(READ_CHANNELS);

/** Whether a channel only reads. */
export function isReadChannel(channel: string): channel is ReadChannel {
  return reads.has(channel);
}
