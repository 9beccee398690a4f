import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { isWorkerOutOfMemory, WORKER_RESOURCE_LIMITS } from './resource-limits';

describe('worker heap limits (issue 11 item 7)', () => {
  it('every worker kind has a heap limit', () => {
    for (const limits of Object.values(WORKER_RESOURCE_LIMITS)) expect(limits.maxOldGenerationSizeMb).toBeGreaterThan(0);
  });

  it('a runaway worker under a limit ends with an error the client recognises, and this process goes on', async () => {
    const runaway = new Worker('const keep = []; for (;;) keep.push(new Array(1e5).fill(keep.length));', {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
    });
    const error = await new Promise<unknown>((resolve) => runaway.on('error', resolve));
    expect(isWorkerOutOfMemory(error)).toBe(true);
  });
});
