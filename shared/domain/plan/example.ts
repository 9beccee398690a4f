/**
 * The bundled example project (resources/example/vitaldb-project.json, seed 001): parsed and turned into a plan
 * and its scenarios. Pure: the caller reads the file (the seed in main, a JSON import in tests).
 */
import { UserError } from '../errors';
import { deriveScenarioPlan } from './scenarios';
import { exampleFileSchema, type ExampleFile } from './schema';
import type { Plan, Scenario } from './types';

export const EXAMPLE_PROJECT_FILE = 'example/vitaldb-project.json';
export const EXAMPLE_PROJECT_ID = 'vitaldb-2025';

export function parseProjectFile(raw: unknown, file = EXAMPLE_PROJECT_FILE): ExampleFile {
  const parsed = exampleFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError('BAD_PROJECT_FILE', `${file}: ${issue.path.join('.')}: ${issue.message}`, {
      file,
      field: issue.path.join('.'),
      problems: parsed.error.issues.slice(0, 20).map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
}

/** The plan and its scenarios (each scenario a varied copy of the plan). */
export function buildProject(file: ExampleFile, createdAt: string): { plan: Plan; scenarios: Scenario[] } {
  const plan = file.plan as Plan;
  const scenarios: Scenario[] = file.scenarios.map((s) => ({
    id: s.id,
    projectId: plan.project.id,
    name: s.name,
    description: s.description,
    variation: s.variation,
    author: s.author,
    plan: deriveScenarioPlan(plan, s.spec, `${s.id}:`),
    createdAt,
  }));
  return { plan, scenarios };
}
