import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../electron/test-support/paths';

// Writes small offending files in the real folders (so the real config applies), lints them, removes them.
const probes: string[] = [];
function probe(relative: string, source: string): string {
  const file = path.join(repoRoot, relative);
  fs.writeFileSync(file, source);
  probes.push(file);
  return file;
}
afterAll(() => probes.forEach((f) => fs.rmSync(f, { force: true })));

async function messages(file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintFiles([file]);
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

  it('passes on the real tree', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const results = await eslint.lintFiles(['shared', 'renderer', 'electron']);
    const errors = results
      .filter((r) => !probes.includes(r.filePath))
      .flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(errors).toEqual([]);
  });
});
