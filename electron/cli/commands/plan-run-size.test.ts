import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleCliDatabase } from '../../test-support/built-cli';

// The BUILT command on the example project: a plan whose M2 experimentation run asks for 8 GPUs on Colab Pro+ (1× L4).
const { dir, cli } = exampleCliDatabase('run-size.sqlite');

describe('gpu-planner plan show: a run needing more GPUs than its offering holds (issue 17)', () => {
  it('lists the warning with the GPU named as a person reads it', () => {
    const file = path.join(dir, 'example.gpuplan');
    expect(cli(['project', 'export', '--project', 'vitaldb-2025', '--out', file]).status).toBe(0);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      plan: { milestones: Array<{ code: string; phases: Array<{ workload: Record<string, unknown> | null }> }> };
    };
    const m2 = doc.plan.milestones.find((m) => m.code === 'M2')!;
    m2.phases[0]!.workload = { ...m2.phases[0]!.workload, gpuCount: 8 };
    fs.writeFileSync(file, JSON.stringify(doc));
    const imported = cli(['project', 'import', file, '--json']);
    expect(imported.status, imported.stderr).toBe(0);
    const projectId = (JSON.parse(imported.stdout) as { projectId: string }).projectId;

    const shown = cli(['plan', 'show', '--project', projectId]);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      /\[warning\] \S+ [^:\n]*GPU[^:\n]*: M2 Experimentation's run needs 8 GPUs in one machine, but .+ has 1× L4 24GB/,
    );
    const json = JSON.parse(cli(['plan', 'show', '--project', projectId, '--json']).stdout) as {
      conflicts: Array<{ kind: string }>;
    };
    expect(json.conflicts.filter((c) => c.kind === 'run-over-offering-gpus')).toHaveLength(1);
    // the example as seeded has none
    const seeded = JSON.parse(cli(['plan', 'show', '--project', 'vitaldb-2025', '--json']).stdout) as {
      conflicts: Array<{ kind: string }>;
    };
    expect(seeded.conflicts.filter((c) => c.kind.startsWith('run-over-offering') || c.kind === 'run-nodes-without-network')).toEqual([]);
  });
});
