import { execFileSync, spawnSync } from 'node:child_process';
import { ensureBuiltCli } from '../test-support/built-cli';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../test-support/paths';

// Runs the BUILT command exactly as a user would (`npm run build` first; scripts/test-all.sh builds before tests).
const bin = path.join(repoRoot, 'bin', 'gpu-planner.cjs');
const temp = tempDir();
const db = path.join(temp.dir, 'cli.sqlite');

function cli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, cwd: repoRoot });
}

beforeAll(() => {
  ensureBuiltCli();
});
afterAll(() => temp.remove());

describe('gpu-planner catalog (docs/cli.md)', () => {
  it('stops quietly when its reader closes the pipe early (`| head -1`)', () => {
    const run = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${bin}" catalog offerings --db "${db}" | head -1`], {
      encoding: 'utf8',
      cwd: repoRoot,
    });
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.stderr).not.toMatch(/EPIPE|Error/);
    expect(run.status).toBe(0);
  });

  it('catalog gpus --json prints exactly one JSON document with every GPU of the spec', () => {
    const run = cli(['catalog', 'gpus', '--db', db, '--json']);
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      gpus: Array<{
        id: string;
        name: string;
        memoryGiB: number;
        memoryBandwidthGBs: number;
        tflops: Record<string, number | null>;
        source: string;
      }>;
    };
    const ids = out.gpus.map((g) => g.id);
    for (const id of [
      't4-16gb',
      'l4-24gb',
      'a10g-24gb',
      'a10-24gb',
      'v100-sxm2-16gb',
      'v100-sxm2-32gb',
      'a100-pcie-40gb',
      'a100-sxm-40gb',
      'a100-pcie-80gb',
      'a100-sxm-80gb',
      'h100-pcie-80gb',
      'h100-sxm-80gb',
      'h200-sxm-141gb',
      'rtx-3050-8gb',
      'rtx-3070-8gb',
      'rtx-3090-24gb',
      'rtx-4060ti-8gb',
      'rtx-4080-16gb',
      'rtx-4090-24gb',
      'rtx-a5000-24gb',
      'rtx-a6000-48gb',
      'rtx-6000-ada-48gb',
      'gtx-1660-6gb',
    ]) {
      expect(ids).toContain(id);
    }
    for (const g of out.gpus) {
      expect(Object.keys(g.tflops).sort()).toEqual(['bf16', 'fp16', 'fp32', 'fp8', 'tf32']);
      expect(g.source).toMatch(/\S/);
    }
    const t4 = out.gpus.find((g) => g.id === 't4-16gb')!;
    expect(t4.tflops.tf32).toBeNull();
    expect(t4.tflops.bf16).toBeNull();
  });

  it('catalog offerings --json lists every offering with dated, sourced prices', () => {
    const run = cli(['catalog', 'offerings', '--json'], { GPU_PLANNER_DB: db });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as {
      offerings: Array<{
        id: string;
        provider: string;
        sku: string;
        gpuId: string;
        gpuCount: number;
        prices: Array<{ kind: string; usd: number; per: string; asOf: string; source: string }>;
      }>;
    };
    const providers = new Set(out.offerings.map((o) => o.provider.toLowerCase()));
    for (const p of ['aws', 'azure', 'google cloud', 'colab', 'hugging face', 'vast', 'runpod', 'lambda', 'local']) {
      expect(
        [...providers].some((name) => name.includes(p)),
        `a provider named like ${p}`,
      ).toBe(true);
    }
    const nc6 = out.offerings.find((o) => o.sku.replace(/\s/g, '').toLowerCase().includes('nc6sv3'));
    expect(nc6?.prices).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'on-demand', usd: 3.06, per: 'hour' })]));
    for (const o of out.offerings) for (const p of o.prices) expect(p.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('every command answers an unknown flag with exit 2, the parser message and its own usage', () => {
    const commands = [
      ['catalog', 'gpus'],
      ['settings'],
      ['export-pdf'],
      ['serve'],
      ['estimate', 'buy-vs-rent'],
      ['credits'],
      ['source', 'list'],
    ];
    for (const command of commands) {
      const run = cli([...command, '--frobnicate', '--db', db]);
      expect(run.status, command.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^gpu-planner: Unknown option '--frobnicate'/);
      expect(run.stderr).toContain(`usage: gpu-planner ${command[0]}`);
      expect(run.stdout).toBe('');
    }
  });

  it('exit codes: 2 for a usage error, 1 for a database from a newer version', () => {
    expect(cli(['catalog', 'nonsense', '--db', db]).status).toBe(2);
    expect(cli(['frobnicate']).status).toBe(2);
    const future = path.join(temp.dir, 'future.sqlite');
    execFileSync(
      process.execPath,
      ['-e', `const D=require('better-sqlite3');const d=new D(${JSON.stringify(future)});d.pragma('user_version = 999');d.close()`],
      { cwd: repoRoot },
    );
    const run = cli(['catalog', 'gpus', '--db', future, '--json']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/newer version/);
    expect(run.stdout).toBe('');
  });
});
