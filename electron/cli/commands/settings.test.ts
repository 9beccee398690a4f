import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/paths';
import type { CliIo } from '../cli-io';
import { runCli } from '../gpu-planner';

const temp = tempDir();
const db = path.join(temp.dir, 'settings-cli.sqlite');
afterAll(() => temp.remove());

async function cli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: {}, cwd: temp.dir };
  const status = await runCli([...args, '--db', db], io);
  return { status, stdout, stderr };
}

describe('gpu-planner settings and estimate buy-vs-rent', () => {
  it('shows, changes and resets the cost settings; a bad value is a user error', async () => {
    expect((await cli(['settings'])).stdout).toMatch(/at \$0\.12\/kWh, 3 y × 2,000 h\/y/);
    const changed = await cli(['settings', '--electricity', '0.3', '--json']);
    expect(JSON.parse(changed.stdout).cost.electricityUsdPerKwh).toBe(0.3);
    const bad = await cli(['settings', '--lifetime=-1']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/purchaseLifetimeYears/);
    expect(JSON.parse((await cli(['settings', '--json'])).stdout).cost.purchaseLifetimeYears).toBe(3);
    expect((await cli(['settings', '--reset'])).stdout).toMatch(/\$0\.12\/kWh/);
  });

  it('prices a bought RTX 4090 box against the rentals, checks seed 003’s rule and lists 36 months', async () => {
    const args = [
      'estimate',
      'buy-vs-rent',
      '--saved',
      'vitaldb-m1',
      '--machine',
      'local-highend-rtx-4090',
      '--runs',
      '20',
      '--start',
      '2026-12',
    ];
    const text = await cli(args);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/Seed 003's rule/);
    const json = JSON.parse((await cli([...args, '--json'])).stdout);
    expect(json.machine).toMatchObject({ purchaseUsd: 4000, powerWatts: 500, electricityUsdPerKwh: 0.12 });
    expect(json.series[0].points).toHaveLength(37);
    expect(json.series[0].points[36].date).toBe('2029-12');
    expect(json.seedRule.verdict).toMatch(/^(Holds|Does not hold)/);
    await cli(['settings', '--electricity', '0.5']);
    const dearer = JSON.parse((await cli([...args, '--json'])).stdout);
    expect(dearer.series[0].points[36].usd).toBeGreaterThan(json.series[0].points[36].usd);
  });

  it('refuses a machine the workload was not priced on, naming the ones it was', async () => {
    const r = await cli(['estimate', 'buy-vs-rent', '--saved', 'vitaldb-m1', '--machine', 'aws-p5']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/local-highend-rtx-4090/);
  });
});
