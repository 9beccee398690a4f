/**
 * The `.gpuplan` file: one project (its plan and its scenarios, optionally the spend lines allocated to its tracks)
 * as versioned JSON, for sharing and backup. Documented in docs/plan-file.md.
 *
 * Reading is strict and all-or-nothing: a file that is too large, not JSON, not a plan file, from a newer schema
 * version, of the wrong shape (zod, with the JSON path of the problem) or inconsistent (a booking on a track that does
 * not exist) is refused with a UserError naming the file, the line/column or the path, and what was expected.
 * Pure: the caller reads the bytes.
 */
import { findDeepNesting, findLongText, findNulText } from '../long-text';
import { LINE_AMOUNT_EXPECTED, lineAmountInRange } from '../billing/values';
import { z } from 'zod';
import { UserError } from '../errors';
import { planSchema, scenarioAuthorSchema } from '../plan/schema';
import { scenarioInfo } from '../plan/scenarios';
import type { Plan, Scenario } from '../plan/types';
import type { Budget } from '../budget/types';
import { planFileBudget, planFileBudgetProblems, planFileBudgetSchema } from './plan-file-budget';
import { planProblems } from './plan-problems';

export { planProblems };

export const PLAN_FILE_FORMAT = 'gpu-planner-plan';
export const PLAN_FILE_SCHEMA_VERSION = 1;
export const PLAN_FILE_EXTENSION = 'gpuplan';
/** A plan is kilobytes; with a year of spend lines a few megabytes. Anything larger is refused unread. */
export const PLAN_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** The longest text a field may hold (a note, a description): 100 000 characters. */
export const PLAN_FILE_MAX_TEXT = 100_000;
export const PLAN_FILE_MAX_SPEND_LINES = 200_000;
/** How deeply a plan file may nest (a workload is a few levels; the whole file about ten): checked before any walk. */
export const PLAN_FILE_MAX_DEPTH = 64;

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal amount such as 12.50');
/** A spend line's amount: a decimal whose nano-units fit the database's 64-bit integers. */
const lineAmount = decimal.refine(lineAmountInRange, LINE_AMOUNT_EXPECTED);

export const spendLineSchema = z.object({
  chargePeriodStart: z.string().min(10),
  chargePeriodEnd: z.string().nullable(),
  billedCost: lineAmount,
  effectiveCost: lineAmount.nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code'),
  provider: z.string().nullable(),
  service: z.string().nullable(),
  sku: z.string().nullable(),
  resourceId: z.string().nullable(),
  region: z.string().nullable(),
  chargeCategory: z.string().nullable(),
  instanceType: z.string().nullable(),
  usageQuantity: z.string().nullable(),
  usageUnit: z.string().nullable(),
  gpuCount: z.number().int().nullable(),
  trackId: z.string().min(1),
  tags: z.record(z.string(), z.string()),
});
export type PlanFileSpendLine = z.infer<typeof spendLineSchema>;

export const planFileScenarioSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  variation: z.string(),
  author: scenarioAuthorSchema.nullable(),
  createdAt: z.string(),
  plan: planSchema,
});

export const planFileSchema = z.object({
  format: z.literal(PLAN_FILE_FORMAT),
  schemaVersion: z.literal(PLAN_FILE_SCHEMA_VERSION),
  exportedAt: z.string(),
  exportedBy: z.string(),
  plan: planSchema,
  scenarios: z.array(planFileScenarioSchema).max(500),
  spend: z.object({ source: z.string(), lines: z.array(spendLineSchema).max(PLAN_FILE_MAX_SPEND_LINES) }).nullable(),
  budget: planFileBudgetSchema.optional(),
});
export type PlanFile = z.infer<typeof planFileSchema>;

/** The file for a project, its scenarios and (optionally) its spend. */
export function buildPlanFile(
  plan: Plan,
  scenarios: Scenario[],
  options: { exportedAt: string; exportedBy: string; spend?: PlanFile['spend']; budgets?: ReadonlyArray<Omit<Budget, 'id' | 'projectId'>> },
): PlanFile {
  return {
    format: PLAN_FILE_FORMAT,
    schemaVersion: PLAN_FILE_SCHEMA_VERSION,
    exportedAt: options.exportedAt,
    exportedBy: options.exportedBy,
    plan,
    scenarios: scenarios.map((s) => ({ ...scenarioInfo(s), plan: s.plan })),
    spend: options.spend ?? null,
    ...(options.budgets ? { budget: planFileBudget(options.budgets) } : {}),
  };
}

export function serializePlanFile(file: PlanFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Line and column (1-based) of a character offset in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < Math.min(offset, text.length); i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

const pathOf = (path: ReadonlyArray<PropertyKey>) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '') || '(the whole file)';

/** Parses and checks a `.gpuplan` file's text. Throws a UserError saying what is wrong and where. */
export function parsePlanFile(input: string, file: string, byteLength = input.length): PlanFile {
  if (byteLength > PLAN_FILE_MAX_BYTES) {
    throw new UserError(
      'PLAN_FILE_TOO_LARGE',
      `${file} is ${(byteLength / 1024 / 1024).toFixed(1)} MB; a plan file holds at most ${PLAN_FILE_MAX_BYTES / 1024 / 1024} MB. Nothing was imported.`,
      {
        file,
        expected: `at most ${PLAN_FILE_MAX_BYTES} bytes`,
        value: String(byteLength),
      },
    );
  }
  // A UTF-8 byte order mark (editors on Windows write one) is not part of the JSON.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const pos = /position (\d+)/.exec(message);
    const at = pos ? lineColumnAt(text, Number(pos[1])) : lineColumnAt(text, text.length);
    const truncated = /end of JSON|Unterminated|Unexpected end/i.test(message);
    throw new UserError(
      'BAD_PLAN_FILE',
      `${file} is not valid JSON${truncated ? ' (it ends too early: the file looks truncated)' : ''}: ${message}. Nothing was imported.`,
      {
        file,
        line: at.line,
        column: at.column,
        expected: 'a complete JSON document',
      },
    );
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || (raw as { format?: unknown }).format !== PLAN_FILE_FORMAT) {
    const format = raw && typeof raw === 'object' ? (raw as { format?: unknown }).format : undefined;
    throw new UserError(
      'BAD_PLAN_FILE',
      `${file} is not a GPU Planner plan file (its "format" is ${format === undefined ? 'missing' : JSON.stringify(format)}, expected "${PLAN_FILE_FORMAT}"). Nothing was imported.`,
      {
        file,
        field: 'format',
        expected: PLAN_FILE_FORMAT,
      },
    );
  }
  const version = (raw as { schemaVersion?: unknown }).schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new UserError(
      'BAD_PLAN_FILE',
      `${file}: schemaVersion must be a whole number (this version writes ${PLAN_FILE_SCHEMA_VERSION}). Nothing was imported.`,
      {
        file,
        field: 'schemaVersion',
        expected: String(PLAN_FILE_SCHEMA_VERSION),
        value: JSON.stringify(version) ?? 'missing',
      },
    );
  }
  if (version > PLAN_FILE_SCHEMA_VERSION) {
    throw new UserError(
      'PLAN_FILE_TOO_NEW',
      `${file} was written by a newer version of GPU Planner (plan file schema ${version}; this version reads up to ${PLAN_FILE_SCHEMA_VERSION}). Update GPU Planner to open it. Nothing was imported.`,
      {
        file,
        field: 'schemaVersion',
        expected: `${PLAN_FILE_SCHEMA_VERSION} or less`,
        value: String(version),
      },
    );
  }
  // Before anything walks it: a value nested deeper than any plan would overflow the stack of every later step.
  const deep = findDeepNesting(raw, PLAN_FILE_MAX_DEPTH);
  if (deep) {
    const where = pathOf(deep);
    throw new UserError(
      'BAD_PLAN_FILE',
      `${file}: ${where} is nested more than ${PLAN_FILE_MAX_DEPTH} levels deep; a plan file nests far less. Nothing was imported.`,
      { file, field: where, expected: `at most ${PLAN_FILE_MAX_DEPTH} levels of nesting` },
    );
  }
  const nul = findNulText(raw);
  if (nul) {
    const where = pathOf(nul.path);
    throw new UserError(
      'BAD_PLAN_FILE',
      `${file}: ${where}${nul.key ? ' (a key)' : ''} holds a NUL character (U+0000), which no text of a plan holds. Nothing was imported.`,
      { file, field: where, expected: 'text without NUL characters' },
    );
  }
  const long = findLongText(raw, PLAN_FILE_MAX_TEXT);
  if (long) {
    const where = `${pathOf(long.path)}${long.key ? ' (one of its keys)' : ''}`;
    throw new UserError(
      'PLAN_FILE_TEXT_TOO_LONG',
      `${file}: ${where} holds ${long.length.toLocaleString('en-US')} characters; a text field holds at most ${PLAN_FILE_MAX_TEXT.toLocaleString('en-US')}. Nothing was imported.`,
      {
        file,
        field: where,
        expected: `at most ${PLAN_FILE_MAX_TEXT} characters`,
        value: String(long.length),
      },
    );
  }
  const parsed = planFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const first = issues[0]!;
    throw new UserError('BAD_PLAN_FILE', `${file}: ${pathOf(first.path)}: ${first.message}. Nothing was imported.`, {
      file,
      field: pathOf(first.path),
      expected: first.message,
      problems: issues.slice(0, 20).map((i) => ({ field: pathOf(i.path), message: i.message })),
    });
  }
  const data = parsed.data;
  const scenarioIds = new Set<string>();
  const problems = [
    ...planProblems(data.plan as Plan, 'plan'),
    ...data.scenarios.flatMap((s, i) => {
      if (!scenarioIds.has(s.id)) {
        scenarioIds.add(s.id);
        return [];
      }
      return [{ field: `scenarios[${i}].id`, message: `The scenario id "${s.id}" appears twice.`, value: s.id }];
    }),
    ...data.scenarios.flatMap((s, i) => planProblems(s.plan as Plan, `scenarios[${i}].plan`)),
    ...(data.spend?.lines ?? []).flatMap((l, i) =>
      data.plan.tracks.some((t) => t.id === l.trackId)
        ? []
        : [
            {
              field: `spend.lines[${i}].trackId`,
              message: `A spend line is allocated to track "${l.trackId}", which the file does not have.`,
              value: l.trackId,
            },
          ],
    ),
    ...planFileBudgetProblems(data.budget, new Set(data.plan.tracks.map((t) => t.id))),
  ];
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new UserError('BAD_PLAN_FILE', `${file}: ${first.field}: ${first.message} Nothing was imported.`, {
      file,
      field: first.field,
      problems: problems.slice(0, 20),
    });
  }
  return data;
}
