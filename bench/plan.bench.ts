import type { BenchReport } from './bench-kit';

/** plan benchmarks (owned by the plan domain). */
export async function run(report: BenchReport): Promise<void> {
  report.log('no plan benchmark yet');
}
