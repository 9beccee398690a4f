/**
 * The import-cycle check `npm test` runs (issue 30, item 2): on a tiny tree it finds a cycle of values, a cycle through
 * type-only imports and re-exports, and nothing in a tree without one. (The real tree is checked by `npm test` itself.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../electron/test-support/paths';
// @ts-expect-error: a plain ES module script without types
import { importCycles } from './check-import-cycles.mjs';

type Cycle = { files: string[]; loop: string[] };
const cycles = importCycles as (dir?: string, folders?: string[]) => Cycle[];

let folder: { dir: string; remove: () => void };
beforeEach(() => (folder = tempDir('gpu-planner-cycles-')));
afterEach(() => folder.remove());

function write(files: Record<string, string>) {
  for (const [relative, source] of Object.entries(files)) {
    const file = path.join(folder.dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, source);
  }
}

describe('the import-cycle check (scripts/check-import-cycles.mjs)', () => {
  it('finds a cycle of three files and names its loop', () => {
    write({
      'shared/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'shared/b.ts': "import { c } from './sub/c';\nexport const b = () => c;\n",
      'shared/sub/c.ts': "import { a } from '../a';\nexport const c = () => a;\n",
      'shared/alone.ts': "import { a } from './a';\nexport const alone = a;\n",
    });
    expect(cycles(folder.dir, ['shared'])).toEqual([
      { files: ['shared/a.ts', 'shared/b.ts', 'shared/sub/c.ts'], loop: ['shared/a.ts', 'shared/b.ts', 'shared/sub/c.ts', 'shared/a.ts'] },
    ]);
  });

  it('counts type-only imports and re-exports (a shared type belongs in a third module)', () => {
    write({
      'electron/checks.ts': "import { one } from './one-check';\nexport interface Problem { id: string }\nexport const all = [one];\n",
      'electron/one-check.ts': "import type { Problem } from './checks';\nexport const one = (): Problem[] => [];\n",
      'renderer/x.tsx': "export * from './y';\nexport const x = 1;\n",
      'renderer/y.ts': "export { x } from './x';\n",
    });
    const found = cycles(folder.dir, ['electron', 'renderer']).map((c) => c.files);
    expect(found).toEqual([
      ['electron/checks.ts', 'electron/one-check.ts'],
      ['renderer/x.tsx', 'renderer/y.ts'],
    ]);
  });

  it('passes once the shared type has its own module', () => {
    write({
      'shared/problem.ts': 'export interface Problem { id: string }\n',
      'shared/checks.ts': "import { one } from './one-check';\nexport type { Problem } from './problem';\nexport const all = [one];\n",
      'shared/one-check.ts': "import type { Problem } from './problem';\nexport const one = (): Problem[] => [];\n",
    });
    expect(cycles(folder.dir, ['shared'])).toEqual([]);
  });
});
