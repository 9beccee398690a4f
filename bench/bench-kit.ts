/** Small helpers shared by the benchmarks: timing with warm-up, figures with units and targets. */
import { performance } from 'node:perf_hooks';

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
  const iterations = options.iterations ?? 50;
  for (let i = 0; i < (options.warmup ?? 5); i += 1) await fn();
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
