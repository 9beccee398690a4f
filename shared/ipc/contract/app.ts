import { z } from 'zod';
import { MAX_ERROR_TEXT } from '../../domain/errors';
import { LOG_LEVELS } from '../../logger';
import type { ChannelMap, EventMap } from '../channel';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  dataDir: z.string(),
  databaseFile: z.string(),
  schemaVersion: z.number().int(),
  runtime: z.enum(['electron', 'browser-bridge', 'browser-http', 'cli']),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** A line the renderer writes to the app's log: an uncaught error, a rejected promise, a screen that failed to render. */
export const logRequestSchema = z
  .object({
    level: z.enum(LOG_LEVELS),
    /** Clipped by the renderer to the length any error message has (MAX_ERROR_TEXT). */
    message: z.string().min(1).max(MAX_ERROR_TEXT),
    /** Where in the renderer it came from: 'window', 'promise', 'screen' … */
    source: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type LogRequest = z.infer<typeof logRequestSchema>;

export const appChannels = {
  'app:get-info': { request: z.object({}).strict(), response: appInfoSchema },
  'app:log': { request: logRequestSchema, response: z.object({}).strict() },
} satisfies ChannelMap;

/** Commands chosen from the native menu, forwarded to the renderer. */
export const menuCommandSchema = z.object({
  command: z.enum(['import-billing', 'export-pdf', 'show-about', 'navigate']),
  screen: z.enum(['catalog', 'estimate', 'plan', 'budget', 'review', 'documents']).optional(),
});
export type MenuCommand = z.infer<typeof menuCommandSchema>;

export const appEvents = {
  'app:menu-command': menuCommandSchema,
} satisfies EventMap;
