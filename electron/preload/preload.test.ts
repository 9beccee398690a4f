/** The built preload is a small file that requires only 'electron' (it runs sandboxed: nothing else is there). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../test-support/paths';

describe('the built preload (dist/electron/preload.cjs, after npm run build)', () => {
  const file = path.join(repoRoot, 'dist', 'electron', 'preload.cjs');
  it('bundles no zod or contract schema: a few kilobytes, names only', () => {
    const text = fs.readFileSync(file, 'utf8');
    expect(fs.statSync(file).size).toBeLessThan(20_000);
    expect(text).not.toMatch(/ZodError|zod\/v4|safeParse/);
    expect(text).toContain("'catalog:list-gpus'".replace(/'/g, '"'));
  });

  it('requires nothing but electron', () => {
    const text = fs.readFileSync(file, 'utf8');
    const required = [...text.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });
});
