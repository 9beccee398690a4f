/** The bundled texts a lead reads (catalog, models, claims, examples, benchmarks) name no repository path (issue 19 item 10). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/paths';

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(p) : e.name.endsWith('.json') ? [p] : [];
  });
}
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const OWN_PATHS = /\.\.\/shared\/|\b(shared|electron|renderer)\/[\w/-]+\.tsx?\b/;
const OWN_PATHS_AND_FILES = /\.\.\/shared\/|\b(shared|electron|renderer)\/[\w/-]+\.tsx?\b|\b[\w-]+\.(py|jsonl)\b/;

describe('bundled texts name no developer internals', () => {
  it('no ../shared/ path, no repository source path and no script or data file name in any bundled resource text', () => {
    const found: string[] = [];
    for (const file of jsonFiles(path.join(repoRoot, 'resources'))) {
      for (const s of strings(JSON.parse(fs.readFileSync(file, 'utf8')))) {
        // Published benchmarks cite the external scripts they ran (a source, like a URL): only our own paths count there.
        const pattern = file.includes(`${path.sep}benchmarks${path.sep}`) ? OWN_PATHS : OWN_PATHS_AND_FILES;
        const m = pattern.exec(s);
        if (m) found.push(`${path.relative(repoRoot, file)}: …${s.slice(Math.max(0, m.index - 30), m.index + 40)}…`);
      }
    }
    expect(found).toEqual([]);
  });
});
