import { z } from 'zod';
import { REPORT_SECTION_IDS } from '../../domain/report/report-model';
import { REPORT_TABLES } from '../../domain/report/report-tables';
import type { ChannelMap, EventMap } from '../channel';
import { reportModelSchema } from './report-schemas';

const projectId = z.string().min(1).max(120);
const sections = z.array(z.enum(REPORT_SECTION_IDS)).max(REPORT_SECTION_IDS.length);
export const pageSizeSchema = z.enum(['A4', 'Letter']);
export type PageSize = z.output<typeof pageSizeSchema>;

/** How the spend table may be grouped. */
export const SPEND_GROUPINGS = ['month', 'week', 'track', 'provider', 'service'] as const;
export type SpendGrouping = (typeof SPEND_GROUPINGS)[number];

export const reportChannels = {
  'report:get-report-model': {
    request: z
      .object({ projectId: projectId.optional(), scenarioId: z.string().min(1).optional(), sections: sections.optional() })
      .strict(),
    response: reportModelSchema,
  },
  'report:export-pdf': {
    request: z
      .object({
        projectId: projectId.optional(),
        scenarioId: z.string().min(1).optional(),
        sections: sections.optional(),
        pageSize: pageSizeSchema.default('A4'),
      })
      .strict(),
    response: z.object({ file: z.string().nullable(), bytes: z.number(), pages: z.number().nullable(), ms: z.number() }),
  },
  'report:export-csv': {
    request: z
      .object({
        projectId: projectId.optional(),
        table: z.enum(REPORT_TABLES),
        groupBy: z.enum(SPEND_GROUPINGS).optional(),
        options: z
          .object({ bom: z.boolean().default(false) })
          .strict()
          .default({ bom: false }),
      })
      .strict(),
    response: z.object({ file: z.string().nullable(), rows: z.number() }),
  },
} satisfies ChannelMap;

export const reportEvents = {
  'report:export-progress': z.object({
    stage: z.enum(['model', 'render', 'pdf', 'write', 'done', 'error']),
    done: z.number(),
    total: z.number(),
    message: z.string(),
  }),
} satisfies EventMap;
