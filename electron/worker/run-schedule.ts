/**
 * One auto-plan run, start to end, wherever it runs (the solver worker, or in-process for the CLI and tests):
 * the model from the plan, the HiGHS solve, and the solver's values read back into a suggested plan.
 */
import { UserError } from '../../shared/domain/errors';
import { buildScheduleModel, type OptimizeOptions } from '../../shared/domain/plan/optimize/schedule-model';
import { readSchedule, type ScheduleResult } from '../../shared/domain/plan/optimize/schedule-result';
import type { Plan, PlanCatalog } from '../../shared/domain/plan/types';
import { solveLpText, type SolveOptions } from './highs-solver';

export interface ScheduleRequest {
  plan: Plan;
  catalog: PlanCatalog;
  options: OptimizeOptions;
  timeLimitSeconds: number;
  mipRelGap: number;
  now: string;
}

export async function runSchedule(
  request: ScheduleRequest,
  solve: Pick<SolveOptions, 'onProgress' | 'shouldStop'> = {},
): Promise<ScheduleResult> {
  const built = buildScheduleModel(request.plan, request.catalog, request.options);
  const answer = await solveLpText(built.model.toLpText(), built.model.variables.length, {
    timeLimitSeconds: request.timeLimitSeconds,
    mipRelGap: request.mipRelGap,
    ...solve,
  });
  if (answer.status === 'error' || answer.status === 'time-limit-no-solution' || answer.status === 'infeasible') {
    // The model is elastic (deadlines and budget may be missed at a penalty), so this is a time limit or a solver fault.
    throw new UserError(
      'NO_SCHEDULE',
      answer.status === 'time-limit-no-solution'
        ? `No schedule was found within ${request.timeLimitSeconds} s: allow more time.`
        : `The solver could not solve the plan: ${answer.message}.`,
    );
  }
  return readSchedule(built, request.plan, answer, request.options.objective, request.now);
}
