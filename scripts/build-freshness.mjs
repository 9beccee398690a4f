// Whether a build's outputs are current: `npm start` builds only what changed since the last build (issue 28, item 10).
// A target (node: main, preload, workers, CLI; renderer: the Vite bundle) is fresh when its stamp in dist/ is newer
// than every file it is built from and its main outputs exist. The stamp is written after a successful build, so a
// failed or interrupted build is redone. Tests (*.test.ts) are not built and do not count.
import fs from 'node:fs';
import path from 'node:path';

const SHARED_INPUTS = [
  'shared',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/build-freshness.mjs',
  'tsconfig.base.json',
];

/** What each target is built from and what it writes (paths relative to the repo root). */
export const TARGETS = {
  node: {
    inputs: [
      ...SHARED_INPUTS,
      'electron',
      'bench',
      'e2e/bridge-client.ts',
      'renderer/browser',
      'scripts/gen-channel-names.mjs',
      'tsconfig.node.json',
    ],
    outputs: ['dist/electron/main.cjs', 'dist/electron/preload.cjs', 'dist/cli/gpu-planner.cjs', 'dist/server/http-bootstrap.js'],
    stamp: 'dist/.built-node',
  },
  renderer: {
    inputs: [...SHARED_INPUTS, 'renderer', 'vite.config.mts', 'tsconfig.renderer.json'],
    outputs: ['dist/renderer/index.html'],
    stamp: 'dist/.built-renderer',
  },
};

const isTest = (name) => /\.test\.tsx?$/.test(name);

/** The newest modification time (ms) under `entry` (a file or a folder), skipping tests; 0 when it does not exist. */
export function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return isTest(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const item of fs.readdirSync(entry, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name.startsWith('.')) continue;
    const full = path.join(entry, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(full) : isTest(item.name) ? 0 : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** null when `target` is up to date in `root`, else why it must be built. */
export function staleReason(root, target) {
  const spec = TARGETS[target];
  const missing = spec.outputs.find((output) => !fs.existsSync(path.join(root, output)));
  if (missing) return `${missing} is missing`;
  let built;
  try {
    built = fs.statSync(path.join(root, spec.stamp)).mtimeMs;
  } catch {
    return 'no record of a finished build';
  }
  for (const input of spec.inputs) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/**
 * Records that `target` was built from the inputs as they were at `startedAt` (ms): the stamp carries that time, so a
 * file saved while the build ran still counts as changed next time.
 */
export function markBuilt(root, target, startedAt) {
  const stamp = path.join(root, TARGETS[target].stamp);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${new Date(startedAt).toISOString()}\n`);
  fs.utimesSync(stamp, startedAt / 1000, startedAt / 1000);
}
