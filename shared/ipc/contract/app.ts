import { z } from 'zod';
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

export const appChannels = {
  'app:get-info': { request: z.object({}).strict(), response: appInfoSchema },
} satisfies ChannelMap;

/** Commands chosen from the native menu, forwarded to the renderer. */
export const menuCommandSchema = z.object({
  command: z.enum(['import-billing', 'export-pdf', 'show-about', 'navigate']),
  screen: z.enum(['catalog', 'estimate', 'plan', 'budget', 'review']).optional(),
});
export type MenuCommand = z.infer<typeof menuCommandSchema>;

export const appEvents = {
  'app:menu-command': menuCommandSchema,
} satisfies EventMap;
