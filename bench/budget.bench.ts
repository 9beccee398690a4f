import type { BenchReport } from './bench-kit';

/** budget benchmarks (owned by the budget domain). */
export async function run(report: BenchReport): Promise<void> {
  report.log('no budget benchmark yet');
}
