import { z } from 'zod';
import { costSettingsSchema, costSettingsUpdateSchema } from '../../domain/settings/cost-settings';
import type { ChannelMap, EventMap } from '../channel';

export const settingsViewSchema = z.object({
  /** The cost assumptions in force (stored values over the defaults). */
  cost: costSettingsSchema,
  defaults: costSettingsSchema,
  /** "at $0.12/kWh, 3 y × 2,000 h/y": shown next to every figure that rests on them. */
  summary: z.string(),
  /** When they were last changed (ISO), null while the defaults are in force. */
  updatedAt: z.string().nullable(),
  /** When the first-run guide was dismissed (ISO), null while it is still shown on start. */
  guideDismissedAt: z.string().nullable(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

export const settingsChannels = {
  'settings:get': { request: z.object({}).strict(), response: settingsViewSchema },
  /** Changes some cost assumptions (the others are kept); `reset: true` restores the defaults. */
  'settings:update': {
    request: z.object({ cost: costSettingsUpdateSchema.default({}), reset: z.boolean().optional() }).strict(),
    response: settingsViewSchema,
  },
  /** Hides the first-run guide for good (remembered in the database, so every start and every browser tab agree). */
  'settings:dismiss-guide': { request: z.object({}).strict(), response: settingsViewSchema },
} satisfies ChannelMap;

export const settingsEvents = {} satisfies EventMap;
