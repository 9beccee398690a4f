import type { BenchReport } from './bench-kit';

/** estimate benchmarks (owned by the estimate domain). */
export async function run(report: BenchReport): Promise<void> {
  report.log('no estimate benchmark yet');
}
