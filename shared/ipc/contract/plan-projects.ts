/**
 * Plan projects: the list of projects (for the switcher), creating, opening, duplicating, renaming, archiving,
 * deleting (with what it would take away) and restoring one, and its export to and import from a plan file.
 */
import { z } from 'zod';
import { amountText, plausibleDay } from '../../domain/field-bounds';
import type { ChannelMap } from '../channel';

const projectId = z.string().min(1).max(120);
const day = plausibleDay;

export const projectListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  currency: z.string(),
  budget: z.string(),
  isExample: z.boolean(),
  revision: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  openedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  tracks: z.number(),
  scenarios: z.number(),
});
export type ProjectListItem = z.output<typeof projectListItemSchema>;

export const projectContentsSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  isExample: z.boolean(),
  tracks: z.number(),
  milestones: z.number(),
  allocations: z.number(),
  scenarios: z.number(),
  budgets: z.number(),
  rules: z.number(),
  spendLines: z.number(),
});

/** A plan document's text and the lead's corrections (issue 28 item 11): "New project from a document…". */
const textPlanRequest = z
  .object({
    text: z.string().max(1024 * 1024, 'a plan document of at most 1 MB'),
    fileName: z.string().max(260).optional(),
    edits: z
      .object({
        name: z.string().max(200).optional(),
        start: day.optional(),
        end: day.optional(),
        budget: z.string().max(40).optional(),
        currency: z.string().max(3).optional(),
        tracks: z
          .array(
            z.object({ id: z.string().max(120), name: z.string().max(200).optional(), owner: z.string().max(200).optional() }).strict(),
          )
          .max(100)
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const textPlanReadSchema = z.object({
  plan: z.object({
    project: z.object({ name: z.string(), start: z.string(), end: z.string(), currency: z.string(), budget: z.string() }),
    tracks: z.array(z.object({ id: z.string(), name: z.string(), owner: z.string(), start: z.string(), end: z.string() })),
    milestones: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  }),
  read: z.array(z.object({ key: z.string(), label: z.string(), value: z.string(), line: z.number() })),
  unread: z.array(z.object({ line: z.number(), text: z.string(), why: z.string() })),
});
export type TextPlanRead = z.output<typeof textPlanReadSchema>;

export const planProjectChannels = {
  /** Recent first (last opened or changed); archived ones flagged; deleted ones left out. */
  'plan:list-projects': { request: z.object({}).strict(), response: z.object({ projects: z.array(projectListItemSchema) }) },
  'plan:create-project': {
    request: z
      .object({
        name: z.string().trim().min(1, 'a name for the project').max(200),
        start: day,
        end: day,
        currency: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code such as USD, EUR or INR'),
        budget: amountText,
        description: z.string().max(2000).optional(),
        track: z
          .object({
            name: z.string().trim().min(1, 'a name for the first track').max(200),
            owner: z.string().trim().min(1, 'who owns the first track').max(200),
          })
          .strict(),
      })
      .strict(),
    response: z.object({ projectId: z.string() }),
  },
  'plan:open-project': { request: z.object({ projectId }).strict(), response: z.object({ projectId: z.string() }) },
  'plan:duplicate-project': {
    request: z.object({ projectId, name: z.string().trim().max(200).optional() }).strict(),
    response: z.object({ projectId: z.string() }),
  },
  'plan:rename-project': {
    request: z.object({ projectId, name: z.string().trim().min(1, 'a name for the project').max(200) }).strict(),
    response: z.object({ projectId: z.string(), name: z.string() }),
  },
  'plan:archive-project': {
    request: z.object({ projectId, archived: z.boolean() }).strict(),
    response: z.object({ projectId: z.string(), archived: z.boolean() }),
  },
  /** What a delete would take away, for the confirmation. */
  'plan:project-contents': { request: z.object({ projectId }).strict(), response: projectContentsSchema },
  'plan:delete-project': { request: z.object({ projectId }).strict(), response: z.object({ deleted: projectContentsSchema }) },
  'plan:restore-project': { request: z.object({ projectId }).strict(), response: z.object({ projectId: z.string() }) },
  /** Save dialog in main; the renderer never passes a path. */
  'plan:export-file': {
    request: z.object({ projectId, includeSpend: z.boolean().optional() }).strict(),
    response: z.object({ file: z.string().nullable(), bytes: z.number(), scenarios: z.number(), spendLines: z.number() }),
  },
  /** Open dialog in main. Without `intoProjectId`: a new project; with it: a scenario of that project. All or nothing. */
  'plan:import-file': {
    request: z.object({ intoProjectId: projectId.optional() }).strict(),
    response: z.object({
      file: z.string().nullable(),
      projectId: z.string().nullable(),
      scenarioId: z.string().nullable(),
      /** The new project's name (made distinct: "Name (2)" when a project already has it), or the scenario's. */
      name: z.string().nullable(),
      scenarios: z.number(),
      spendLines: z.number(),
    }),
  },
  /** What a plan document gives (and does not, with line numbers), as the project it would create. Writes nothing. */
  'plan:read-text-plan': { request: textPlanRequest, response: textPlanReadSchema },
  /** Creates the project the document gives, with the lead's corrections; refused whole when a field is invalid. */
  'plan:create-from-text': {
    request: textPlanRequest,
    response: z.object({ projectId: z.string(), name: z.string(), tracks: z.number(), milestones: z.number(), scenarios: z.number() }),
  },
  /** Open dialog in main for a Markdown or text document (a regular file, at most 1 MB): its text, or nulls. */
  'plan:open-text-plan': {
    request: z.object({}).strict(),
    response: z.object({ fileName: z.string().nullable(), text: z.string().nullable() }),
  },
} satisfies ChannelMap;
