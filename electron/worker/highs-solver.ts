/**
 * The HiGHS solver (WebAssembly, `highs` on npm) behind the auto-plan model: loads once per process, solves a
 * model's LP text with a time limit and a MIP gap, reports progress, stops early when asked, and answers with
 * every variable's value in the model's own order.
 */
import type { SolverAnswer } from '../../shared/domain/plan/optimize/lp-model';

import highsLoader, { type Highs } from 'highs';

let loading: Promise<Highs> | null = null;

export function loadHighs(): Promise<Highs> {
  loading ??= highsLoader();
  return loading;
}

export interface SolveOptions {
  timeLimitSeconds?: number;
  /** Relative MIP gap at which the search stops (0.01 = within 1 % of optimal). */
  mipRelGap?: number;
  onProgress?: (progress: { seconds: number; gap: number | null; objective: number | null }) => void;
  /** Polled while solving; true stops the search and keeps the best schedule found so far. */
  shouldStop?: () => boolean;
}

export async function solveLpText(lpText: string, variableCount: number, options: SolveOptions = {}): Promise<SolverAnswer> {
  const highs = await loadHighs();
  const started = performance.now();
  const model = highs.createModel({ format: 'lp', data: lpText });
  try {
    model.options.set({ output_flag: false, time_limit: options.timeLimitSeconds ?? 30, mip_rel_gap: options.mipRelGap ?? 1e-4 });
    const { callbackType } = highs.constants;
    let lastReport = 0;
    model.run({
      [callbackType.mipInterrupt](event) {
        if (options.shouldStop?.()) event.interrupt();
        const now = performance.now();
        if (options.onProgress && now - lastReport > 200) {
          lastReport = now;
          options.onProgress({
            seconds: (now - started) / 1000,
            gap: event.data.mip_gap ?? null,
            objective: event.data.mip_primal_bound ?? null,
          });
        }
        return undefined;
      },
    });
    const statusCode = model.getModelStatus();
    const codes = highs.constants.modelStatus;
    const solution = model.getSolution();
    const values = Array.from(solution.colValue ?? []);
    if (values.length !== variableCount) throw new Error(`The solver returned ${values.length} values for ${variableCount} variables.`);
    for (const i of [0, variableCount - 1]) {
      if (model.getColName(i) !== `x${i}`) throw new Error(`The solver numbered column ${i} as ${model.getColName(i)}.`);
    }
    const gapInfo = Number(model.info.get('mip_gap'));
    const gap = Number.isFinite(gapInfo) ? Math.max(0, gapInfo) : null;
    const seconds = (performance.now() - started) / 1000;
    const hasSolution = values.length > 0 && Number(model.info.get('primal_solution_status')) === highs.constants.solutionStatus.feasible;
    if (statusCode === codes.optimal) return { status: 'optimal', values, gap: gap ?? 0, message: 'optimal', seconds };
    if (statusCode === codes.infeasible) return { status: 'infeasible', values: [], gap: null, message: 'infeasible', seconds };
    if (hasSolution) return { status: 'feasible', values, gap, message: 'stopped before proving optimality (time limit or stop)', seconds };
    return { status: 'time-limit-no-solution', values: [], gap: null, message: 'no schedule found before the time limit', seconds };
  } finally {
    model.dispose();
  }
}
