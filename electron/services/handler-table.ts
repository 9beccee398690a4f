/**
 * The one handler table: every channel of the contract with its handler. `ipcMain` serves it in the app and the
 * e2e bridge serves the very same table to Chromium. Requests are validated with the contract's zod schema,
 * errors cross as data (`{ok:false,error}`), never as stack traces.
 */
import { z } from 'zod';
import { serializeError, UserError } from '../../shared/domain/errors';
import { findDeepNesting, findLongText, findNulText } from '../../shared/domain/long-text';
import type { ChannelMap, ParsedRequestOf, Result } from '../../shared/ipc/channel';
import { contract, type Channel, type ChannelResult, type Contract, type Request } from '../../shared/ipc/contract';
import { storageUserError } from '../db/storage-errors';
import type { AppServices } from './app-services';
import type { ServiceDeps } from './service-deps';

export interface HandlerContext {
  services: AppServices;
  deps: ServiceDeps;
}

type MaybePromise<T> = T | Promise<T>;
export type HandlerMap<M extends ChannelMap> = {
  [C in keyof M]: (request: ParsedRequestOf<M, C>, context: HandlerContext) => MaybePromise<z.input<M[C]['response']>>;
};

export type AnyHandlerMap = Record<string, (request: never, context: HandlerContext) => unknown>;

/** Merges the domains' handler maps; a channel handled twice or a contract channel left unhandled is refused. */
export function mergeHandlers(...maps: AnyHandlerMap[]): HandlerMap<Contract> {
  const merged: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [channel, handler] of Object.entries(map)) {
      if (channel in merged) throw new Error(`Channel "${channel}" has two handlers.`);
      merged[channel] = handler;
    }
  }
  const missing = Object.keys(contract).filter((c) => !(c in merged));
  if (missing.length > 0) throw new Error(`Channels without a handler: ${missing.join(', ')}`);
  const unknown = Object.keys(merged).filter((c) => !(c in contract));
  if (unknown.length > 0) throw new Error(`Handlers for channels not in the contract: ${unknown.join(', ')}`);
  return merged as HandlerMap<Contract>;
}

/** The longest text any request field (or key) may hold, before any schema runs: a 10 MB name is refused at once. */
export const MAX_REQUEST_TEXT = 100_000;
/**
 * How deeply a request may nest, checked before any schema runs (issue 26 item 8): the plan command schema is
 * recursive (batches), so a 150,000-deep payload would overflow the stack in zod or in JSON.stringify. The deepest
 * real request (a batch of milestone upserts with workloads) is about ten.
 */
export const MAX_REQUEST_DEPTH = 64;

const FIELD_WORDS: Record<string, string> = {
  usd: 'Price',
  usdLow: 'Low end of the price',
  usdHigh: 'High end of the price',
  asOf: 'Date',
  gpuCount: 'GPUs',
  trackId: 'Track',
  offeringId: 'Offering',
  gpuId: 'GPU',
};

/** A request path as words for the message (`command.value.week` → "Week", `prices.0.usd` → "Price 1: Price"). */
export function fieldInWords(field: string): string {
  const parts = field.split('.');
  const last = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? field;
  const words =
    (Object.hasOwn(FIELD_WORDS, last) ? FIELD_WORDS[last] : undefined) ?? last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const index = parts.find((p) => /^\d+$/.test(p));
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return index !== undefined ? `${label} (row ${Number(index) + 1})` : label;
}

export function zodProblems(error: z.ZodError) {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(request)', message: issue.message }));
}

export interface HandlerTable {
  channels: readonly Channel[];
  /** What ipcMain and the e2e bridge call: any channel name, any request, validated here. */
  dispatch(channel: string, request: unknown): Promise<Result<unknown>>;
  /** The same, typed, for tests and in-process callers. */
  invoke<C extends Channel>(channel: C, request: Request<C>): Promise<ChannelResult<C>>;
}

export function createHandlerTable(handlers: HandlerMap<Contract>, context: HandlerContext): HandlerTable {
  const channels = Object.keys(contract) as Channel[];
  // Every request object is strict: a key the channel does not know is refused with its name (a misspelt field that
  // was silently dropped would save something other than what the caller meant).
  const requestSchemas = new Map<string, z.ZodType>(
    channels.map((c) => {
      const schema: z.ZodType = contract[c].request;
      return [c, schema instanceof z.ZodObject ? schema.strict() : schema];
    }),
  );
  async function dispatch(channel: string, rawRequest: unknown): Promise<Result<unknown>> {
    try {
      if (!Object.hasOwn(contract, channel)) throw new UserError('UNKNOWN_CHANNEL', `No such channel: ${channel}`);
      const spec = contract[channel as Channel];
      const long = findLongText(rawRequest, MAX_REQUEST_TEXT);
      if (long) {
        const at = long.path.join('.') || '(request)';
        const field = long.key ? `${at} key` : at;
        throw new UserError(
          'INVALID_REQUEST',
          `${field}: ${long.length.toLocaleString('en-US')} characters, more than the ${MAX_REQUEST_TEXT.toLocaleString('en-US')} any field holds.`,
          { field, expected: `at most ${MAX_REQUEST_TEXT} characters` },
        );
      }
      const deep = findDeepNesting(rawRequest, MAX_REQUEST_DEPTH);
      if (deep) {
        const field = deep.join('.') || '(request)';
        throw new UserError(
          'INVALID_REQUEST',
          `${field}: nested more than ${MAX_REQUEST_DEPTH} levels deep, more than any request holds.`,
          {
            field,
            expected: `at most ${MAX_REQUEST_DEPTH} levels of nesting`,
          },
        );
      }
      // SQLite's text functions stop at a NUL: a name "\u0000abc" would pass every check and be refused by the database.
      const nul = findNulText(rawRequest);
      if (nul) {
        const field = nul.path.join('.') || '(request)';
        throw new UserError('INVALID_REQUEST', `${fieldInWords(field)}: holds a NUL character (U+0000), which no text here may hold.`, {
          field,
          expected: 'text without NUL characters',
        });
      }
      const parsed = requestSchemas.get(channel)!.safeParse(rawRequest ?? {});
      if (!parsed.success) {
        const problems = zodProblems(parsed.error);
        const first = problems[0]!;
        // The message is in words (the field's name, not its request path); `field` keeps the path for the form.
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
        throw new UserError('INVALID_REQUEST', `${fieldInWords(first.field)}: ${first.message}${more}`, { field: first.field, problems });
      }
      const handler = handlers[channel as Channel] as (request: unknown, context: HandlerContext) => unknown;
      const value = await handler(parsed.data, context);
      const checked = spec.response.safeParse(value);
      if (!checked.success)
        throw new Error(
          `Handler for ${channel} returned a response outside the contract: ${zodProblems(checked.error)
            .map((p) => `${p.field} ${p.message}`)
            .join('; ')}`,
        );
      return { ok: true, value: checked.data };
    } catch (thrown) {
      const error = thrown instanceof UserError ? thrown : (storageUserError(thrown, context.deps.databaseFile) ?? thrown);
      if (!(error instanceof UserError)) context.deps.logger.error(`IPC ${channel} failed`, error);
      return { ok: false, error: serializeError(error) };
    }
  }
  return {
    channels,
    dispatch,
    invoke: (channel, request) => dispatch(channel, request) as Promise<never>,
  };
}
