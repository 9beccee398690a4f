/**
 * The building blocks of the typed IPC contract: a channel maps to a zod schema for its request and
 * one for its response; an event maps to a zod schema for its payload.
 */
import type { z } from 'zod';
import type { SerializedError } from '../domain/errors';

export interface ChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
}
export type ChannelMap = Record<string, ChannelSpec>;
export type EventMap = Record<string, z.ZodType>;

/** Every response crosses IPC as data: a value or an error, never a thrown stack trace. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

export type RequestOf<M extends ChannelMap, C extends keyof M> = z.input<M[C]['request']>;
export type ParsedRequestOf<M extends ChannelMap, C extends keyof M> = z.output<M[C]['request']>;
export type ResponseOf<M extends ChannelMap, C extends keyof M> = z.output<M[C]['response']>;
