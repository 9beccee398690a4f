import type { BenchReport } from './bench-kit';

/** report benchmarks (owned by the report domain). */
export async function run(report: BenchReport): Promise<void> {
  report.log('no report benchmark yet');
}
