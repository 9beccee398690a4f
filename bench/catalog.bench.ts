import type { BenchReport } from './bench-kit';

/** catalog benchmarks (owned by the catalog domain). */
export async function run(report: BenchReport): Promise<void> {
  report.log('no catalog benchmark yet');
}
