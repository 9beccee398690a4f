import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../electron/test-support/paths';

// A probe is linted as if it were the file at `relative` (so the real config and its folder rules apply), from memory:
// nothing is written into the tree (issue 30, item 9).
interface Probe {
  file: string;
  source: string;
}
function probe(relative: string, source: string): Probe {
  return { file: path.join(repoRoot, relative), source };
}

const eslint = new ESLint({ cwd: repoRoot });
async function messages({ file, source }: Probe): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).map((m) => m.message);
}

describe('the lint rule that keeps the process boundaries', () => {
  it('fails repo shared/ importing Node, React or Electron', async () => {
    const file = probe(
      'shared/domain/zz-lint-probe.ts',
      "import fs from 'node:fs';\nimport { useState } from 'react';\nexport const x = [fs, useState];\n",
    );
    const found = await messages(file);
    expect(found.some((m) => /no Node built-ins/.test(m))).toBe(true);
    expect(found.some((m) => /no React/.test(m))).toBe(true);
  });

  it('fails renderer/ importing electron/ code', async () => {
    const file = probe(
      'renderer/app/zz-lint-probe.ts',
      "import { openDatabase } from '../../electron/db/connection';\nexport const x = openDatabase;\n",
    );
    expect((await messages(file)).some((m) => /renderer\/ may not import electron\//.test(m))).toBe(true);
  });

  it('fails a runtime import of electron outside main and preload, allows a type import', async () => {
    const runtime = probe('electron/services/zz-lint-probe.ts', "import { app } from 'electron';\nexport const x = app;\n");
    expect((await messages(runtime)).some((m) => /only in electron\/main and electron\/preload/.test(m))).toBe(true);
    const typeOnly = probe('electron/services/zz-lint-probe-type.ts', "import type { App } from 'electron';\nexport type X = App;\n");
    expect(await messages(typeOnly)).toEqual([]);
  });

  it('fails a source file over 300 lines of logic (blank lines and comments not counted); tests may be longer', async () => {
    const logic = Array.from({ length: 301 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    const padded = Array.from({ length: 290 }, (_, i) => `export const w${i} = ${i};\n\n// a comment`).join('\n');
    const long = probe('shared/domain/zz-lint-probe-long.ts', `${logic}\n`);
    const short = probe('shared/domain/zz-lint-probe-padded.ts', `${padded}\n`);
    const test = probe('shared/domain/zz-lint-probe-long.test.ts', `${logic}\n`);
    expect((await messages(long)).some((m) => /too many lines \(301\)/.test(m))).toBe(true);
    expect(await messages(short)).toEqual([]);
    expect(await messages(test)).toEqual([]);
  });

  it('fails domain code importing the IPC contract; the contract itself may import the domain', async () => {
    const domain = probe(
      'shared/domain/report/zz-lint-probe.ts',
      "import type { PlanView } from '../../ipc/contract/plan';\nexport type X = PlanView;\n",
    );
    expect((await messages(domain)).some((m) => /Domain code never imports the IPC contract/.test(m))).toBe(true);
    const estimate = probe('shared/estimate/zz-lint-probe.ts', "import { contract } from '../ipc/contract';\nexport const x = contract;\n");
    expect((await messages(estimate)).some((m) => /Domain code never imports the IPC contract/.test(m))).toBe(true);
    const contract = probe(
      'shared/ipc/contract/zz-lint-probe.ts',
      "import { planViewSchema } from '../../domain/plan/plan-view';\nexport const x = planViewSchema;\n",
    );
    expect(await messages(contract)).toEqual([]);
  });

  it('fails electron/db/ importing a service', async () => {
    const file = probe(
      'electron/db/seeds/zz-lint-probe.ts',
      "import { seedBudget } from '../../services/budget/budget.service';\nexport const x = seedBudget;\n",
    );
    expect((await messages(file)).some((m) => /electron\/db\/ never imports services/.test(m))).toBe(true);
  });

  it('fails a worker importing a service', async () => {
    const file = probe(
      'electron/worker/zz-lint-probe.ts',
      "import { runSchedule } from '../services/plan/optimize/run-schedule';\nexport const x = runSchedule;\n",
    );
    expect((await messages(file)).some((m) => /Workers never import services/.test(m))).toBe(true);
  });

  it('fails the server importing electron/main/', async () => {
    const file = probe(
      'electron/server/zz-lint-probe.ts',
      "import { isTrustedSender } from '../main/security';\nexport const x = isTrustedSender;\n",
    );
    expect((await messages(file)).some((m) => /The server never imports electron\/main\//.test(m))).toBe(true);
  });

  it('keeps the runtime-electron rule in the folders with their own rules', async () => {
    for (const folder of ['electron/db', 'electron/worker', 'electron/server']) {
      const file = probe(`${folder}/zz-lint-probe.ts`, "import { app } from 'electron';\nexport const x = app;\n");
      expect((await messages(file)).some((m) => /only in electron\/main and electron\/preload/.test(m))).toBe(true);
    }
  });
  it('lints the plain JavaScript scripts (.mjs, .cjs) too', async () => {
    for (const [file, source] of [
      ['scripts/zz-lint-probe.mjs', 'export const x = undefinedName;\n'],
      ['bin/zz-lint-probe.cjs', 'module.exports = undefinedName;\n'],
    ] as const) {
      const found = await messages(probe(file, source));
      expect(found.some((m) => /'undefinedName' is not defined/.test(m))).toBe(true);
    }
    expect(
      await messages(probe('scripts/zz-lint-probe-ok.mjs', "import fs from 'node:fs';\nexport const x = fs.existsSync(process.cwd());\n")),
    ).toEqual([]);
  });
  // The real tree is linted by `npx eslint .`, the first step of `npm test` (linting it again here took a minute).
});
