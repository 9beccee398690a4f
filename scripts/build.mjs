// Builds every process: main, preload, estimation worker, CLI, e2e bridge client and benchmarks with esbuild
// (CommonJS for Node/Electron), and the renderer with Vite. `npm run build` runs it. `--if-changed` (what `npm start`
// uses) skips a part whose outputs are newer than everything it is built from (scripts/build-freshness.mjs).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { generateChannelNames } from './gen-channel-names.mjs';
import { markBuilt, staleReason } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const only = process.argv.includes('--node-only') ? 'node' : process.argv.includes('--renderer-only') ? 'renderer' : 'all';
const startedAt = Date.now();
// What to build: every part asked for, or with --if-changed only those whose inputs changed since their last build.
const wanted = { node: only !== 'renderer', renderer: only !== 'node' };
if (process.argv.includes('--if-changed')) {
  for (const target of ['node', 'renderer']) {
    if (!wanted[target]) continue;
    const why = staleReason(root, target);
    if (why) console.error(`building ${target === 'node' ? 'main, preload, workers and CLI' : 'the renderer'}: ${why}`);
    wanted[target] = why !== null;
  }
  if (!wanted.node && !wanted.renderer) {
    console.error('build: up to date (nothing changed since the last build)');
    process.exit(0);
  }
}

const nodeEntries = {
  'electron/main': 'electron/main/main.ts',
  'electron/preload': 'electron/preload/preload.ts',
  'cli/gpu-planner': 'electron/cli/main.ts',
};
for (const [out, src] of Object.entries({
  'electron/estimation.worker': 'electron/worker/estimation.worker.ts',
  'electron/import.child': 'electron/services/budget/import/import.child.ts',
  'electron/preview.child': 'electron/services/budget/import/preview.child.ts',
  'electron/optimizer.worker': 'electron/worker/optimizer.worker.ts',
  'bench/run-benchmarks': 'bench/run-benchmarks.ts',
})) {
  if (fs.existsSync(path.join(root, src))) nodeEntries[out] = src;
}

if (wanted.node) {
  // The preload imports the contract's names only (shared/ipc/channel-names.ts), regenerated from the contract here.
  await generateChannelNames();
  await build({
    absWorkingDir: root,
    entryPoints: nodeEntries,
    outdir: 'dist',
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    define: { __GPU_PLANNER_VERSION__: JSON.stringify(version) },
    external: ['electron', 'better-sqlite3', 'playwright-core', 'vite', 'esbuild', 'highs'],
    logLevel: 'warning',
  });
  // The e2e bridge client runs in Chromium: a browser bundle that builds window.api over exposed functions.
  if (fs.existsSync(path.join(root, 'e2e/bridge-client.ts'))) {
    await buildBrowserScript('e2e/bridge-client', 'e2e/bridge-client.ts');
  }
  // Browser mode (gpu-planner serve): the same window.api over HTTP, injected by the server in index.html.
  await buildBrowserScript('server/http-bootstrap', 'renderer/browser/http-bootstrap.ts');
  markBuilt(root, 'node', startedAt);
}
if (wanted.renderer) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(root, 'vite.config.mts'), logLevel: 'warn' });
  markBuilt(root, 'renderer', startedAt);
}
const built = wanted.node && wanted.renderer ? 'main, preload, worker, CLI and renderer' : wanted.node ? 'node' : 'renderer';
console.error(`built ${built} into dist/ in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

/** A script injected into a page (no module system): one IIFE bundle for Chromium, written to dist/<name>.js. */
function buildBrowserScript(name, entry) {
  return build({
    absWorkingDir: root,
    entryPoints: { [name]: entry },
    outdir: 'dist',
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    logLevel: 'warning',
  });
}
