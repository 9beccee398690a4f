/** Small helpers shared by the benchmarks: timing with warm-up, figures with units and targets. */
import { performance } from 'node:perf_hooks';

/**
 * `npm run bench -- --quick`: smaller sizes and fewer timed iterations, to see that every benchmark still runs and
 * print its figures; the targets are for the full sizes, so a quick run judges none.
 */
export const QUICK = process.argv.includes('--quick');

/** A benchmark's size: the full one, or the quick one under `--quick`. */
export function sized(full: number, quick: number): number {
  return QUICK ? quick : full;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
  note?: string;
}

export interface BenchReport {
  figure(name: string, value: number, unit: string, options?: { target?: string; ok?: boolean; note?: string }): void;
  log(text: string): void;
}

export interface Timing {
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  iterations: number;
}

export async function measure(fn: () => unknown, options: { iterations?: number; warmup?: number } = {}): Promise<Timing> {
  const iterations = QUICK ? Math.min(options.iterations ?? 50, 5) : (options.iterations ?? 50);
  const warmup = QUICK ? Math.min(options.warmup ?? 5, 1) : (options.warmup ?? 5);
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { medianMs: at(0.5), p95Ms: at(0.95), meanMs: samples.reduce((a, b) => a + b, 0) / samples.length, iterations };
}
